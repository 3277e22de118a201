import { stat } from 'node:fs/promises';
import { DEFAULTS } from '../../../shared/constants';
import type { McpServerView } from '../../../shared/mcp/mcp';
import { resolve } from 'node:path';
import type { SendResult } from '../../../shared/contract/contract';
import type { EventOf } from '../../../shared/contract/events';
import type { ModelListResult } from '../../../shared/models/models';
import { modelRef } from '../../../shared/models/servers';
import { builtInModelName } from '../../../shared/models/built-in-server';
import { describeStopReason } from '../../../shared/conversations/stop-reason';
import type { CallEnvelope } from '../../../shared/contract/transport';
import { createAppServices } from '../../services/app/app-services';
import type { AppServices, AppServicesOptions } from '../../services/app/app-services-types';
import { createCliQuestionGate, createFixedDepthGate, createPolicyApprovalGate } from './cli-gates';
import { defaultDataDir } from '../../services/store/files/data-dir';
import { CLI_USAGE, parseCliArgs, type CliOptions } from './cli-args';
import { createCliOutput, type CliOutput, type TextSink } from './output/cli-output';
import { terminalSafe } from './output/terminal-safe';
import { waitForRunWithInterrupt } from './wait-for-run';
import { createFixedConfirmGate } from '../../services/workflows/confirm-broker';
import { listWorkflowsCli, runWorkflowCli } from './workflows/cli-workflow';
import { parseWorkflowArgs, WORKFLOW_USAGE, type WorkflowArgs } from './workflows/cli-workflow-args';
import { parseProbeArgs, PROBE_USAGE, type ProbeArgs } from './probe/cli-probe-args';
import { runProbeCli } from './probe/cli-probe';
import { listMemoriesCli } from './cli-memories';

export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  env: Readonly<Record<string, string | undefined>>;
  /** Registers what Ctrl-C does; returns the undo. */
  onInterrupt(handler: () => void): () => void;
  /** Tests may build the services themselves. */
  createServices?: (options: AppServicesOptions) => Promise<AppServices>;
}

/** One turn through the app services with no window. Resolves with the exit code (0, 1 or 2). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<0 | 1 | 2> {
  const probe = parseProbeArgs(argv);
  if (probe.type === 'error') {
    io.stderr.write(`${probe.message}\n\n${CLI_USAGE}\n${WORKFLOW_USAGE}\n${PROBE_USAGE}\n`);
    return 1;
  }
  const workflow = parseWorkflowArgs(probe.rest);
  if (workflow.type === 'error') {
    io.stderr.write(`${workflow.message}\n\n${CLI_USAGE}\n${WORKFLOW_USAGE}\n${PROBE_USAGE}\n`);
    return 1;
  }
  // A workflow or a model check needs no prompt: the workflow's steps or the check's tasks are the request.
  const needsNoPrompt = workflow.type !== 'none' || probe.type === 'probe';
  const parsed = parseCliArgs(needsNoPrompt ? [...workflow.rest, '--', 'workflow'] : workflow.rest, io.env);
  switch (parsed.type) {
    case 'help':
      io.stdout.write(`${CLI_USAGE}\n${WORKFLOW_USAGE}\n${PROBE_USAGE}\n`);
      return 0;
    case 'error':
      io.stderr.write(`${parsed.message}\n\n${CLI_USAGE}\n${WORKFLOW_USAGE}\n${PROBE_USAGE}\n`);
      return 1;
    case 'run':
      return runTurn(probe.type === 'probe' ? { ...parsed.options, model: probe.model } : parsed.options, io, workflow, probe);
    default: {
      const unreachable: never = parsed;
      return unreachable;
    }
  }
}

async function runTurn(options: CliOptions, io: CliIo, workflow: WorkflowArgs, probe: ProbeArgs): Promise<0 | 1 | 2> {
  const output = createCliOutput({ json: options.json, stdout: io.stdout, stderr: io.stderr });
  const workspace = options.workspace === null ? undefined : resolve(options.workspace);
  if (workspace !== undefined && !(await isDirectory(workspace))) {
    output.note(`The workspace folder ${workspace} does not exist or is not a folder. Create it or pass another --workspace.`);
    return 1;
  }
  const mcpConfigFile = options.mcpConfig === null ? null : resolve(options.mcpConfig);
  if (mcpConfigFile !== null && !(await isFile(mcpConfigFile))) {
    output.note(
      `The MCP configuration ${mcpConfigFile} does not exist or is not a file. Pass a JSON file like {"mcpServers": {...}} to --mcp-config.`,
    );
    return 1;
  }

  const gguf = options.gguf === null ? null : resolve(options.gguf);
  if (gguf !== null && !(await isFile(gguf))) {
    output.note(`The model file ${gguf} does not exist or is not a file. Pass a .gguf file to --gguf.`);
    return 1;
  }

  let services: AppServices;
  try {
    services = await (io.createServices ?? createAppServices)({
      dataDir: options.dataDir === null ? defaultDataDir(io.env) : resolve(options.dataDir),
      workspace,
      ollamaHost: options.host,
      ...(options.hostKind !== 'ollama' ? { hostKind: options.hostKind } : {}),
      ...(gguf !== null
        ? { engine: { modelPath: gguf, contextSize: options.contextSize ?? DEFAULTS.engine.contextSize, threads: DEFAULTS.engine.threads } }
        : {}),
      mcpConfigFile,
      ...(options.knowledge.length > 0 ? { knowledgeFolders: options.knowledge.map((folder) => resolve(folder)) } : {}),
      unattendedElicitation: options.elicitation,
      openExternal: async () => {
        throw new Error('the command line cannot open links');
      },
      gates: (emit) => ({
        approvals: createPolicyApprovalGate(options.approve, emit),
        depth: createFixedDepthGate(options.onDepthLimit, emit),
        questions: createCliQuestionGate({ emit }),
        confirms: createFixedConfirmGate(workflow.type === 'run' && workflow.confirm, emit),
      }),
      limitOverrides: {
        ...(options.maxIterations !== null ? { maxIterations: options.maxIterations } : {}),
        ...(options.timeoutMs !== null ? { runTimeoutMs: options.timeoutMs } : {}),
      },
      ...(options.maxTools !== null ? { toolBudgetOverride: options.maxTools } : {}),
      ...(options.noMemory ? { memory: 'off' as const } : {}),
    });
  } catch (error) {
    output.note(`TACO could not start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  try {
    services.subscribe((batch) => output.events(batch));
    if (mcpConfigFile !== null) await waitForMcpServers(services, output);
    if (options.knowledge.length > 0 && !(await knowledgeIndexed(services, output))) return 1;
    if (workflow.type === 'list') return await listWorkflowsCli(services, io, options.json);
    if (options.listMemories) return await listMemoriesCli(services, io, options.json);
    if (probe.type === 'probe') {
      const model = await chooseModel(services, options, output);
      if (model.type === 'failed') return 1;
      return await runProbeCli(services, { model: model.name, runs: probe.runs, apply: probe.apply, json: options.json }, io, output);
    }
    if (workflow.type === 'run') {
      const model = await chooseModel(services, options, output);
      if (model.type === 'failed') return 1;
      return await runWorkflowCli(
        services,
        { workflowId: workflow.workflowId, params: workflow.params, model: model.name },
        output,
        io.onInterrupt,
      );
    }
    return await sendAndWait(services, options, output, io);
  } finally {
    await services.dispose();
  }
}

/** --mcp-config: the run starts once its servers are ready or failed (bounded); a failed one is named, the run goes on without it. */
async function waitForMcpServers(services: AppServices, output: CliOutput): Promise<void> {
  await services.mcpSettled(DEFAULTS.mcp.cliReadyTimeoutMs);
  const listed = await services.handle('mcp.list', {});
  if (!listed.ok) return;
  for (const server of (listed.value as { servers: McpServerView[] }).servers) {
    if (!server.enabled || server.status === 'ready') continue;
    const why =
      server.status === 'starting' ? `still starting after ${DEFAULTS.mcp.cliReadyTimeoutMs / 1000} s` : (server.error ?? server.status);
    output.note(`MCP server "${server.name}" is not available; the run goes on without its tools: ${why}`);
  }
}

/** --knowledge: the run starts once the folders are indexed; each is summed up on stderr, and one that cannot be added stops the run. */
async function knowledgeIndexed(services: AppServices, output: CliOutput): Promise<boolean> {
  let ok = true;
  for (const status of await services.knowledgeReady()) {
    if (status.state === 'failed') {
      output.note(`Knowledge folder not indexed: ${status.error ?? status.folder}`);
      ok = false;
      continue;
    }
    const skipped =
      status.skipped.length === 0
        ? ''
        : `; skipped ${status.skipped.length}: ${status.skipped
            .slice(0, 5)
            .map((skip) => `${skip.file || '.'} (${skip.reason})`)
            .join(', ')}${status.skipped.length > 5 ? ', …' : ''}`;
    output.note(
      `Knowledge folder ${status.folder}: ${status.filesIndexed} file${status.filesIndexed === 1 ? '' : 's'}, ${status.chunks} passage${status.chunks === 1 ? '' : 's'}${skipped}`,
    );
  }
  return ok;
}

async function sendAndWait(services: AppServices, options: CliOptions, output: CliOutput, io: CliIo): Promise<0 | 1 | 2> {
  const model = await chooseModel(services, options, output);
  if (model.type === 'failed') return 1;

  const sent = await services.handle('chat.send', { conversationId: options.conversation, text: options.prompt, model: model.name });
  if (!sent.ok) {
    output.note(sent.error.message);
    return 1;
  }
  const result = sent.value as SendResult;
  if (result.type === 'command') {
    if (!options.json) io.stdout.write(`${terminalSafe(result.output)}\n`);
    // Without a conversation the command stored nothing and emitted no event: --json prints its line here.
    else if (result.conversationId === null) {
      output.events([{ type: 'command-output', conversationId: '', command: result.command, output: result.output, at: Date.now() }]);
    }
    return 0;
  }

  return waitForRunWithInterrupt(services, result.runId, output, io.onInterrupt);
}

type ModelChoice = { type: 'ok'; name: string } | { type: 'failed' };

/** --model, else the default model in Settings, else the first installed model (of --server's server when given). */
async function chooseModel(services: AppServices, options: CliOptions, output: CliOutput): Promise<ModelChoice> {
  if (options.server !== null) return chooseServerModel(services, options, output);
  if (options.model) return { type: 'ok', name: options.model };
  // --gguf: the built-in engine's one model, whatever Settings names as the default.
  if (options.gguf !== null) return { type: 'ok', name: builtInModelName(resolve(options.gguf)) };
  const fromSettings = services.settings().defaultModel;
  if (fromSettings) return { type: 'ok', name: fromSettings };

  const listed: CallEnvelope<unknown> = await services.handle('models.list', {});
  const models = listed.ok
    ? (listed.value as ModelListResult)
    : { type: 'error' as const, host: options.host, message: listed.error.message };
  switch (models.type) {
    case 'ok': {
      const first = models.models[0];
      if (first) return { type: 'ok', name: first.name };
      output.note(`No models are installed in Ollama at ${models.host}. Get one with: ollama pull llama3.2 — or pass --model NAME.`);
      return { type: 'failed' };
    }
    case 'unreachable':
    case 'error':
      reportWithoutRun(output, options, models.message);
      return { type: 'failed' };
    default: {
      const unreachable: never = models;
      return unreachable;
    }
  }
}

/** --server NAME: an added server by id or name; --model is that server's own model name, else its first model. */
async function chooseServerModel(services: AppServices, options: CliOptions, output: CliOutput): Promise<ModelChoice> {
  const wanted = (options.server ?? '').toLowerCase();
  const servers = services.settings().servers ?? [];
  const server = servers.find((candidate) => candidate.id === wanted || candidate.name.toLowerCase() === wanted);
  if (!server || !server.enabled) {
    const known = servers.filter((candidate) => candidate.enabled).map((candidate) => `${candidate.id} (${candidate.name})`);
    output.note(
      `There is no ${server ? 'enabled ' : ''}model server “${options.server ?? ''}”. ${known.length > 0 ? `Servers: ${known.join(', ')}.` : 'Add one in Settings → Model servers.'}`,
    );
    return { type: 'failed' };
  }
  if (options.model) return { type: 'ok', name: modelRef(server.id, options.model) };
  const listed: CallEnvelope<unknown> = await services.handle('models.list', {});
  const group = listed.ok ? (listed.value as ModelListResult).servers?.find((candidate) => candidate.serverId === server.id) : undefined;
  if (!group || group.type !== 'ok') {
    reportWithoutRun(output, options, group?.message ?? (listed.ok ? `The server “${server.name}” did not answer.` : listed.error.message));
    return { type: 'failed' };
  }
  const first = group.models[0];
  if (first) return { type: 'ok', name: first.name };
  output.note(`The server “${server.name}” has no models. Pass --model NAME.`);
  return { type: 'failed' };
}

/** Ollama failed before a run could start: --json still ends with a `run-finish` line. */
function reportWithoutRun(output: CliOutput, options: CliOptions, error: string): void {
  if (!options.json) {
    output.note(error);
    return;
  }
  const finish: EventOf<'run-finish'> = {
    type: 'run-finish',
    runId: '',
    conversationId: '',
    reason: 'provider_error',
    message: describeStopReason('provider_error'),
    error,
    at: Date.now(),
  };
  output.events([finish]);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
