import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import { ContractError } from '../../../shared/contract/contract-error';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import { workflowRequestText } from '../../../shared/workflows/workflow-request';
import type { WorkflowDraftResult, WorkflowRunResult, WorkspaceEntriesResult } from '../../../shared/workflows/workflow';
import { resolveWorkspacePath } from '../../../tools/files/guards/workspace-path';
import type { AppContext } from '../app/app-context';
import type { CallHandlers } from '../app/call-router';
import { ensureConversation } from '../app/handlers/conversations/conversation-handlers';
import { startRun } from '../app/runs/run-launcher';
import { writeFileAtomic } from '../store/files/atomic-write';
import type { ConfirmBroker, ConfirmGate } from './confirm-broker';
import { extractParams } from './extract-params';
import { checkParamPaths, checkParams } from './param-values';
import { runWorkflow } from './run-workflow';
import { validateWorkflow } from './validate-workflow';
import type { WorkflowLibrary } from './workflow-library';
import type { WorkflowPromptSource } from './workflow-prompt-source';

type WorkflowCalls =
  | 'workflows.list'
  | 'workflows.run'
  | 'workflows.confirm'
  | 'workflows.extractParams'
  | 'workflows.validateDraft'
  | 'workflows.saveDraft'
  | 'workflows.listEntries';

export interface WorkflowServiceParts {
  library: WorkflowLibrary;
  broker: ConfirmBroker;
  /** The gate confirm steps wait on: the broker's, or the CLI's fixed answer. */
  confirms: ConfirmGate;
  /** The data folder's `workflows/`, where "Save as workflow" writes. */
  userDir: string;
  knownTools: ReadonlySet<string>;
  promptSource?: WorkflowPromptSource;
}

/** The `workflows.*` calls. */
export function workflowHandlers(ctx: AppContext, parts: WorkflowServiceParts): Pick<CallHandlers, WorkflowCalls> {
  return {
    'workflows.list': () => parts.library.list(),
    'workflows.run': (request) => startWorkflow(ctx, parts, request),
    'workflows.confirm': (request) => parts.broker.respond(request.confirmId, request.accept),
    'workflows.extractParams': async (request) => {
      const info = await parts.library.get(request.workflowId);
      if (!info) throw unknownWorkflow(request.workflowId);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), DEFAULTS.workflows.extractTimeoutMs);
      try {
        return await extractParams(ctx.provider.current(), request.model, info.definition, request.text, controller.signal);
      } catch (error) {
        return {
          values: {},
          errors: {},
          problem: `The model could not be asked (${error instanceof Error ? error.message : String(error)}); fill in the form yourself.`,
        };
      } finally {
        clearTimeout(timer);
      }
    },
    'workflows.validateDraft': (request) => checkDraft(request.content, parts.knownTools),
    'workflows.saveDraft': async (request) => {
      const checked = checkDraft(request.content, parts.knownTools);
      if (!checked.ok || !checked.id) return { ok: false, problems: checked.problems, file: null };
      const existing = await parts.library.get(checked.id);
      if (existing && existing.origin !== 'user') {
        return {
          ok: false,
          problems: [{ file: 'draft', field: 'id', message: `"${checked.id}" is a built-in workflow; pick another id` }],
          file: null,
        };
      }
      await mkdir(parts.userDir, { recursive: true, mode: DEFAULTS.store.folderMode });
      await writeFileAtomic(path.join(parts.userDir, `${checked.id}.json`), `${JSON.stringify(JSON.parse(request.content), null, 2)}\n`);
      return { ok: true, problems: [], file: `data/workflows/${checked.id}.json` };
    },
    'workflows.listEntries': (request) => listEntries(ctx.settings.current().workspace, request.path),
  };
}

async function startWorkflow(
  ctx: AppContext,
  parts: WorkflowServiceParts,
  request: ValidCallRequest<'workflows.run'>,
): Promise<WorkflowRunResult> {
  const info = await parts.library.get(request.workflowId);
  if (!info) throw unknownWorkflow(request.workflowId);
  const checked = checkParams(info.definition, request.params);
  if (!checked.ok) return { type: 'invalid', errors: checked.errors };
  const pathErrors = await checkParamPaths(info.definition, checked.values, ctx.settings.current().workspace);
  if (Object.keys(pathErrors).length > 0) return { type: 'invalid', errors: pathErrors };

  // The user's message says what they asked in words, not the command (workflow-request.ts).
  const userText = workflowRequestText(info.definition, checked.values);
  const conversationId = await ensureConversation(ctx, request.conversationId, info.definition.name, request.model);
  const session = ctx.sessions.get(conversationId);
  const run = await startRun(ctx, {
    session,
    model: request.model,
    goal: `${info.definition.name}: ${info.definition.description}`,
    userText,
    body: (agent) =>
      runWorkflow({
        agent,
        runAgent: ctx.ports.runAgent,
        info,
        values: checked.values,
        confirms: parts.confirms,
        ...(parts.promptSource ? { promptSource: parts.promptSource } : {}),
      }),
  });
  return { type: 'run', runId: run.runId, conversationId };
}

type DraftCheck = WorkflowDraftResult & { id: string | null };

function checkDraft(content: string, knownTools: ReadonlySet<string>): DraftCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    return {
      ok: false,
      problems: [{ file: 'draft', field: null, message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` }],
      file: null,
      id: null,
    };
  }
  const checked = validateWorkflow(raw, { file: 'draft', expectedId: null }, knownTools);
  return checked.ok
    ? { ok: true, problems: [], file: null, id: checked.definition.id }
    : { ok: false, problems: checked.problems, file: null, id: null };
}

/** One folder of the workspace for the pickers, resolved like list_directory: never outside the workspace. */
export async function listEntries(workspace: string | null, requested: string): Promise<WorkspaceEntriesResult> {
  const wanted = requested.trim() === '' ? '.' : requested;
  try {
    const target = await resolveWorkspacePath(workspace, wanted, { mustExist: true });
    if (!(await stat(target.absolute)).isDirectory())
      return { path: target.relative, entries: [], problem: `"${target.relative}" is not a folder.` };
    const dirents = await readdir(target.absolute, { withFileTypes: true });
    const entries = dirents
      .filter((dirent) => (dirent.isDirectory() || dirent.isFile()) && dirent.name !== '.git' && dirent.name !== 'node_modules')
      .map((dirent) => ({
        name: dirent.name,
        path: target.relative === '.' ? dirent.name : `${target.relative}/${dirent.name}`,
        type: dirent.isDirectory() ? ('folder' as const) : ('file' as const),
      }))
      .sort((a, b) => Number(b.type === 'folder') - Number(a.type === 'folder') || a.name.localeCompare(b.name))
      .slice(0, DEFAULTS.workflows.pickerMaxEntries);
    return { path: target.relative, entries, problem: null };
  } catch (error) {
    return { path: wanted, entries: [], problem: error instanceof Error ? error.message : String(error) };
  }
}

function unknownWorkflow(workflowId: string): ContractError {
  return new ContractError('not-found', `There is no workflow "${workflowId}". Pick one from the workflow list (or run --list-workflows).`);
}
