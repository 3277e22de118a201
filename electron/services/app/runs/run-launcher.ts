import { DEFAULTS } from '../../../../shared/constants';
import { checkModelServer } from './model-server-check';
import { createWebSearch } from '../../web-search/web-search';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { EventOf, TacoEvent } from '../../../../shared/contract/events';
import type { AttachedResource } from '../../../../shared/mcp/mcp-resources';
import type { Limits } from '../../../../shared/settings/settings';
import type { AgentLoopOutcome, AgentRunInput } from '../../agent/loop/agent-types';
import { runWithLifecycle } from '../../agent/loop/run-lifecycle';
import type { AppContext } from '../app-context';
import type { ActiveRun, ConversationSession } from './conversation-sessions';
import { conversationRunOptions, noteRunStart, readConversationForRun } from './run-setup';
import { tunedRunSettings } from './tuned-settings';
import { projectInstructionsOf, projectRunSettings } from '../../projects/project-run-settings';
import { memoryOff } from '../../memory/memory-book';
import type { RecalledMemory } from '../../../../shared/memory/memory';
import { providerEmbedder } from '../../knowledge/provider-embedder';
import { skillsForRun } from '../../skills/run-skills';
import { searchesEveryMessage } from '../../agent/context/prompt/knowledge-section';

export interface StartRunInput {
  session: ConversationSession;
  model: string;
  /** The user's request this run works on. */
  goal: string;
  /** Emitted as the conversation's `user-message` once the history is read (null for Continue). */
  userText: string | null;
  /** Base64 images on the user's message (vision models), already checked. */
  userImages?: readonly string[];
  /** MCP resources attached to the user's message, already read by main. */
  userResources?: readonly AttachedResource[];
  /** Edit and regenerate: the new message is a sibling of this one (`timeline-rewound`, a new branch). */
  rewindFrom?: string;
  /** What runs instead of the agent loop with the same input (a workflow's steps); default: the loop. */
  body?: (input: AgentRunInput) => Promise<AgentLoopOutcome>;
  /** The conversation was created for this message: it has no history to read. */
  fresh?: boolean;
}

/** Words for a second send while a reply is still being written. */
export const BUSY_MESSAGE = 'TACO is still answering in this conversation. Wait for the reply to finish, or press Stop, then send again.';

/**
 * Starts one run of the agent loop for a conversation. The conversation is marked busy at once
 * (before anything awaits), its history is read from the stored timeline, the user's message is
 * emitted, and the loop runs in the background. Resolves when the run has started.
 */
export async function startRun(ctx: AppContext, input: StartRunInput): Promise<ActiveRun> {
  const { session } = input;
  checkModelServer(ctx, input.model);
  if (session.activeRun) throw new ContractError('busy', BUSY_MESSAGE);

  const runId = ctx.newId();
  const controller = new AbortController();
  let settle: (event: EventOf<'run-finish'>) => void = () => undefined;
  const finished = new Promise<EventOf<'run-finish'>>((resolvePromise) => {
    settle = resolvePromise;
  });
  const run: ActiveRun = { runId, conversationId: session.conversationId, model: input.model, goal: input.goal, controller, finished };
  session.activeRun = run;
  session.awaitingContinueAnswer = false;
  ctx.runs.add(runId, finished);

  const finishRun = (event: EventOf<'run-finish'>): void => {
    if (session.activeRun?.runId === runId) session.activeRun = null;
    session.lastRunId = runId;
    settle(event);
  };

  const settings = ctx.settings.current();
  // A conversation created for this message has nothing to read: its first token should not wait for the disk.
  const { history, summary } = input.fresh
    ? { history: [], summary: await ctx.storage.conversations.summary(session.conversationId) }
    : await readConversationForRun(ctx, session.conversationId, input.rewindFrom);
  noteRunStart(ctx, summary, input.model);
  // The conversation's project, if any, sets the workspace and tool limits (project-run-settings.ts).
  const fromProject = await projectRunSettings(ctx.projects, summary, settings);
  const limits: Limits = { ...fromProject.limits, ...stripUndefined(ctx.options.limitOverrides ?? {}) };
  const workspace = await resolveWorkspace(fromProject.workspace);
  session.lastGoal = input.goal;
  session.lastModel = input.model;
  // The branch event names its message and goes out right before it (branch-tree.ts).
  const messageId = ctx.newId();
  if (input.rewindFrom !== undefined) {
    const rewound = { conversationId: session.conversationId, fromMessageId: input.rewindFrom, messageId, at: ctx.now() };
    ctx.hub.emit({ type: 'timeline-rewound', ...rewound });
  }
  if (input.userText !== null) {
    const images = input.userImages && input.userImages.length > 0 ? { images: [...input.userImages] } : {};
    const resources = input.userResources && input.userResources.length > 0 ? { resources: [...input.userResources] } : {};
    ctx.hub.emit({
      type: 'user-message',
      conversationId: session.conversationId,
      messageId,
      text: input.userText,
      at: ctx.now(),
      ...images,
      ...resources,
    });
  }
  if (fromProject.workspace && !workspace) {
    ctx.hub.emit({
      type: 'command-output',
      conversationId: session.conversationId,
      command: 'workspace',
      output: `The workspace folder ${fromProject.workspace} does not exist, so file and shell tools have no folder to work in. Pick another folder in ${fromProject.workspaceSource}.`,
      at: ctx.now(),
    });
  }
  // Memory: the conversation's project decides which notes its run sees and where save_memory saves (memory-book.ts).
  const projectId = summary?.projectId ?? null;
  const memoryOn = ctx.options.memory !== 'off';
  const recalledMemories = memoryOn ? await recallForRun(ctx, projectId, input.goal) : [];
  // The model's checked settings (Check this model), unless the conversation's own options say otherwise.
  const tuned = tunedRunSettings(settings.modelTuning?.[input.model], summary?.options);

  const emit = (event: TacoEvent): void => {
    ctx.hub.emit(event);
    if (event.type === 'run-finish' && event.runId === runId) finishRun(event);
  };
  const lifecycle = {
    runId,
    conversationId: session.conversationId,
    model: input.model,
    goal: input.goal,
    limits,
    emit,
    signal: controller.signal,
    now: ctx.now,
  };

  // The loop starts after startRun has returned, as the caller expects.
  const body = input.body ?? ctx.ports.runAgent;
  const provider = ctx.provider.current();
  // The conversation searches the global folders and its project's only.
  const knowledgeScope = ctx.knowledgeFolders.scopeFor(projectId);
  // Searching before each message is the conversation's choice, else its project's (off unless one says so).
  const everyMessage = searchesEveryMessage(summary?.options?.searchKnowledge, fromProject.project?.searchKnowledge);
  const knowledge =
    knowledgeScope.length > 0
      ? {
          knowledge: {
            base: ctx.knowledge,
            embedder: providerEmbedder(provider, settings.embeddingModel),
            folders: knowledgeScope,
            everyMessage,
          },
        }
      : {};
  // The skills are read as the loop starts, not before startRun returns.
  const skills = skillsForRun({ dataDir: ctx.options.dataDir, projectId: summary?.projectId, workspace, settings });
  void skills.then((catalog) =>
    runWithLifecycle(lifecycle, (runEmit) =>
      body({
        runId,
        conversationId: session.conversationId,
        model: input.model,
        history,
        userText: input.goal,
        provider,
        userImages: input.userImages ?? [],
        userResources: input.userResources ?? [],
        tools: ctx.tools,
        limits,
        approvalPolicy: settings.approvals,
        toolApprovals: settings.toolApprovals,
        allowPrivateNetworkFetch: settings.allowPrivateNetworkFetch,
        commandSandbox: ctx.commandSandbox,
        runScratchCommandsWithoutAsking: settings.runScratchCommandsWithoutAsking ?? DEFAULTS.sandbox.runScratchCommandsWithoutAsking,
        toolBudget: ctx.options.toolBudgetOverride ?? tuned.toolBudget ?? settings.toolBudget,
        offeredBefore: session.offeredTools,
        embeddingModel: settings.embeddingModel,
        maxContextTokens: settings.maxContextTokens,
        conversation: { ...tuned.conversation, ...conversationRunOptions(summary?.options), ...projectInstructionsOf(fromProject.project) },
        workspace,
        memory: memoryOn ? ctx.memory.forProject(projectId) : memoryOff,
        recalledMemories,
        versions: ctx.versions,
        documents: ctx.documents,
        ...webSearchFor(settings.webSearch),
        ...knowledge,
        skills: catalog,
        approvals: ctx.gates.approvals,
        questions: ctx.gates.questions,
        depth: ctx.gates.depth,
        stack: session.stack,
        allowedForConversation: session.allowedForConversation,
        alwaysAllowed: ctx.alwaysAllowed,
        emit: runEmit,
        signal: controller.signal,
        now: ctx.now,
      }),
    ),
  );

  return run;
}

/** The notes for this run's prompt; a memory file that cannot be read costs the run its notes, never the run. */
async function recallForRun(ctx: AppContext, projectId: string | null, goal: string): Promise<RecalledMemory[]> {
  try {
    return await ctx.memory.recallForTurn(projectId, goal);
  } catch (error) {
    console.error('Could not recall notes from memory; the run starts without them:', error);
    return [];
  }
}

/** The workspace as an absolute, symlink-free path; null when unset or missing. */
export async function resolveWorkspace(workspace: string | null): Promise<string | null> {
  if (!workspace) return null;
  try {
    return await realpath(resolve(workspace));
  } catch {
    return null;
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** search_web's service from the settings; nothing while it is off. */
function webSearchFor(settings: Parameters<typeof createWebSearch>[0]): { webSearch?: NonNullable<ReturnType<typeof createWebSearch>> } {
  const search = createWebSearch(settings);
  return search ? { webSearch: search } : {};
}
