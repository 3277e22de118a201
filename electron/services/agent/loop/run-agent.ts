import { DEFAULTS } from '../../../../shared/constants';
import type { ModelCapabilities } from '../../../../shared/models/models';
import type { StopReason } from '../../../../shared/conversations/stop-reason';
import { runLoop, type LoopEnd } from './agent-loop';
import type { AgentLoopOutcome, AgentRunInput, AgentRunOutcome } from './agent-types';
import { createLoopScope } from './loop-scope';
import { providerErrorText } from '../../provider/provider-error-mapping';
import { emitStatus, withRunIds, type LoopScope, type RunShared } from './run-context';
import { runWithLifecycle } from './run-lifecycle';
import { createRunSignal, raceAbort, type RunSignal } from './run-signal';
import { STATUS, stoppedStatus } from '../status/status-texts';
import { runSubAgent } from './sub-agent';
import { numCtxFor } from '../../provider/ollama/chat/chat-request-builder';
import { withResourceBlocks } from '../../../../shared/mcp/mcp-resources';
import { allowedTools } from '../tool-calls/call-target';
import { spanEnd, spanStart } from './round-spans';
import { memoryPromptSection } from '../../memory/memory-recall';
import { knowledgeForTurn } from '../context/prompt/knowledge-section';

/**
 * One whole run for one user turn, as the app runs it: `run-start`, the loop, exactly one
 * `run-finish` (emitted by `runWithLifecycle`, their one owner); never throws for anything the
 * model, the tools, Ollama or the user do.
 */
export async function runAgent(input: AgentRunInput): Promise<AgentRunOutcome> {
  const now = input.now ?? Date.now;
  const { finish, outcome } = await runWithLifecycle(
    {
      runId: input.runId,
      conversationId: input.conversationId,
      model: input.model,
      goal: input.userText,
      limits: input.limits,
      emit: input.emit,
      signal: input.signal,
      now,
    },
    (emit) => runAgentLoop({ ...input, emit, now }),
  );
  return { reason: finish.reason, messages: outcome?.messages ?? [] };
}

/**
 * The loop of one run, between its `run-start` and its `run-finish` (the caller emits those):
 * the opening status, the model's capabilities, the steps, the closing status. Resolves with why
 * it stopped; never throws for anything the model, the tools, Ollama or the user do.
 */
export async function runAgentLoop(input: AgentRunInput): Promise<AgentLoopOutcome> {
  const now = input.now ?? Date.now;
  const plainEmit = (body: Parameters<RunShared['emit']>[0]): void => input.emit(withRunIds(input, body));
  const emit = input.onSpan ? timedEmit(input, plainEmit) : plainEmit;
  const runSignal = createRunSignal(input.signal, input.limits.runTimeoutMs);
  emit({ type: 'status', text: STATUS.analyzing });
  const recalled = input.recalledMemories ?? [];
  if (recalled.length > 0) emit({ type: 'memories-recalled', memories: recalled.map((note) => ({ ...note })) });

  let scope: LoopScope | null = null;
  let shared: RunShared | null = null;
  let end: LoopEnd;
  let unsubscribe = (): void => undefined;
  try {
    const capabilities = await raceAbort(input.provider.capabilities(input.model, runSignal.signal), runSignal.signal);
    shared = createShared(input, now, runSignal, capabilities, emit);
    const sharedRun = shared;
    unsubscribe = input.stack.onChange((frames) => emit({ type: 'stack', frames, depthLimit: sharedRun.depthLimit }));
    // Searching on every message: the passages are found once, before the first step (knowledge-section.ts).
    shared.knowledgeSection = await raceAbort(knowledgeForTurn(shared, input.knowledge, input.userText), runSignal.signal);
    scope = createLoopScope(shared, {
      role: 'main',
      goal: input.userText,
      text: withResourceBlocks(input.userText, input.userResources),
      images: input.userImages,
      earlier: input.history,
      baseFrameId: null,
    });
    end = await runLoop(shared, scope);
  } catch (error) {
    const cause = runSignal.cause();
    end = cause
      ? { type: 'stopped', reason: cause, answer: '', error: null }
      : { type: 'stopped', reason: 'provider_error', answer: '', error: providerErrorText(error) };
  } finally {
    unsubscribe();
    runSignal.dispose();
  }

  const messages = scope?.messages ?? [];
  let reason: StopReason;
  let error: string | null = null;
  if (end.type === 'handoff') {
    // A handoff at the top level ends the run: its result is the answer.
    reason = 'complete';
    emit({ type: 'text-delta', text: end.payload.result });
    messages.push({ role: 'assistant', content: end.payload.result });
  } else {
    reason = end.reason;
    error = end.error;
  }
  const stopped = stoppedStatus(reason, input.limits);
  if (stopped) {
    if (shared) emitStatus(shared, stopped);
    else emit({ type: 'status', text: stopped });
  }
  return { reason, error, messages };
}

/** The per-round breakdown's `emit`: the same calls, each timed as `events`. */
function timedEmit(input: AgentRunInput, emit: RunShared['emit']): RunShared['emit'] {
  const owner = { input };
  return (body) => {
    const started = spanStart(owner);
    emit(body);
    spanEnd(owner, 'events', started);
  };
}

/** The state a run's loop shares; exported for direct tool calls outside the loop (workflow tool steps). */
export function createShared(
  input: AgentRunInput,
  now: () => number,
  runSignal: RunSignal,
  capabilities: ModelCapabilities,
  emit: RunShared['emit'],
): RunShared {
  let calls = 0;
  const shared: RunShared = {
    input,
    now,
    signal: runSignal.signal,
    abortCause: runSignal.cause,
    cancelRun: runSignal.cancel,
    // A model tuned to the prompt-based format gets it even when its server takes `tools`.
    mode: capabilities.tools && input.conversation?.toolMode !== 'prompt' ? 'native' : 'prompt',
    // A conversation limited to some tools (its preset's) never offers the others.
    tools: allowedTools(input.tools.list(), input.conversation, input.toolApprovals),
    memorySection: input.recalledMemories && input.recalledMemories.length > 0 ? memoryPromptSection(input.recalledMemories) : null,
    knowledgeSection: null,
    modelContextTokens: capabilities.contextLength,
    vision: capabilities.vision,
    numCtx: numCtxFor(capabilities, input.maxContextTokens ?? DEFAULTS.maxContextTokens, input.conversation?.numCtx),
    depthLimit: input.limits.depthLimit,
    nextCallId: () => `${input.runId}-call-${(calls += 1)}`,
    lastStatus: STATUS.analyzing,
    emit,
    delegate: (parentFrameId, task, documents) => runSubAgent(shared, parentFrameId, task, documents),
  };
  return shared;
}
