import { createMcpService } from '../../electron/services/mcp/mcp-service';
import type { McpClientHooks } from '../../electron/services/mcp/connection/mcp-client-hooks';
import type { McpService } from '../../electron/services/mcp/mcp-service-types';
import { createInMemoryMemoryStore } from '../../tools/memory/memory-store';
import type { ToolContext } from '../../tools/catalogue/tool-runtime-types';
import { conformanceAuthHooks } from './conformance-auth';

/** The server's name in TACO's configuration: its tools are `mcp__conformance__<tool>`. */
const SERVER = 'conformance';
const READY_TIMEOUT_MS = 60_000;

/** The tool each scenario's server offers and the arguments the suite expects (from its scenario sources). */
const TOOL_CALLS: Record<string, { tool: string; args: Record<string, unknown> }> = {
  tools_call: { tool: 'add_numbers', args: { a: 5, b: 3 } },
  'elicitation-sep1034-client-defaults': { tool: 'test_client_elicitation_defaults', args: {} },
  'sse-retry': { tool: 'test_reconnection', args: {} },
};
/** Auth scenarios' servers offer `test-tool`; the 2025-03-26 ones too. */
const AUTH_TOOL = 'test-tool';

export interface ScenarioRun {
  scenario: string;
  /** MCP_CONFORMANCE_CONTEXT as given (JSON), or null. */
  context: string | null;
  dataDir: string;
  /** The suite's server (the url of configFile's one server). */
  serverUrl: string;
  /** An `{"mcpServers": {"conformance": {url}}}` file (the CLI's --mcp-config). */
  configFile: string;
  log(line: string): void;
}

/**
 * One scenario through TACO's MCP service: the server is configured as the CLI's --mcp-config
 * would, must become ready (initialize + tools/list), and the scenario's tool is run through the
 * tool adapter as the agent loop runs it. Throws with the server's error when it is not ready.
 */
export async function runConformanceScenario(run: ScenarioRun): Promise<{ steps: string[] }> {
  const steps: string[] = [];
  const hooks: McpClientHooks = {};
  if (run.scenario.startsWith('auth/'))
    hooks.authFetch = await conformanceAuthHooks(run.scenario, run.context, run.dataDir, SERVER, new URL(run.serverUrl));
  const service = createMcpService({
    dataDir: run.dataDir,
    extraConfigFile: run.configFile,
    emit: () => undefined,
    log: run.log,
    // The CLI's --elicitation defaults: accept a form with its schema's defaults.
    unattendedElicitation: 'defaults',
    hooks,
  });
  try {
    const view = await readyServer(service);
    steps.push(`ready: ${view.tools.length} tool(s): ${view.tools.map((tool) => tool.name).join(', ')}`);
    const call = TOOL_CALLS[run.scenario] ?? (run.scenario.startsWith('auth/') ? { tool: AUTH_TOOL, args: {} } : null);
    if (call && view.tools.some((tool) => tool.name === call.tool)) {
      const registered = service.tools().find((tool) => tool.info.source?.kind === 'mcp' && tool.info.source.tool === call.tool);
      if (!registered) throw new Error(`The tool ${call.tool} was listed but not registered.`);
      const outcome = await registered.run(registered.argsSchema.parse(call.args), toolContext());
      steps.push(`${call.tool}: ${outcome.type === 'result' ? outcome.output : outcome.type}`);
    }
    return { steps };
  } finally {
    await service.dispose();
  }
}

async function readyServer(service: McpService): Promise<ReturnType<McpService['list']>[number]> {
  await service.settled(READY_TIMEOUT_MS);
  const view = service.list().find((each) => each.name === SERVER);
  if (!view) throw new Error('The conformance server was not configured.');
  if (view.status !== 'ready') throw new Error(`The server is ${view.status}: ${view.error ?? 'no reason given'}`);
  return view;
}

function toolContext(): ToolContext {
  const refuse = (what: string) => () => Promise.reject(new Error(`${what} is not available to the conformance client.`));
  return {
    workspace: null,
    signal: new AbortController().signal,
    conversationId: 'conformance',
    runId: 'conformance',
    callId: 'conformance',
    memory: createInMemoryMemoryStore(),
    askUser: refuse('askUser'),
    delegate: refuse('delegate'),
    findTools: refuse('findTools'),
    network: { lookup: refuse('network'), isAllowedAddress: () => false },
  };
}
