import { DEFAULTS } from '../../../../shared/constants';
import { prefetchReads } from '../tool-calls/prefetch-reads';
import { isSmallTalk } from '../context/prompt/small-talk';
import type { StopReason } from '../../../../shared/conversations/stop-reason';
import type { HandoffPayload } from '../../../../tools/catalogue/tool-runtime-types';
import { assistantCallMessage } from '../tool-calls/call-history';
import { askBatchApprovals } from '../tool-calls/batch-approvals';
import { executeToolCall } from '../tool-calls/execute-tool-call';
import { parseFailureMessage } from '../context/prompt/prompt-mode';
import { providerErrorText } from '../../provider/provider-error-mapping';
import { ProviderError } from '../../provider/provider-types';
import { serverRepairMessage, serverRepairStopText, type ServerRepair } from '../repairs/server-repair';
import { emitStatus, type LoopScope, type RunShared } from './run-context';
import { recordCallTally } from './run-counters';
import { recoverFromProviderError } from './provider-recovery';
import { lastFailureDetail } from '../tool-calls/repeated-failure';
import { STATUS } from '../status/status-texts';
import { decideStep, type NextStep, type PlannedCall, type StepResult } from './step-decision';
import { AFTER_CALL, AFTER_ROUND, firstStop } from './stop-conditions';
import { streamStep } from '../stream/stream-step';
import { summaryInstruction } from '../context/prompt/summary-request';
import { spanEnd, spanStart } from './round-spans';

export type LoopEnd =
  { type: 'stopped'; reason: StopReason; answer: string; error: string | null } | { type: 'handoff'; payload: HandoffPayload };

/**
 * The sequential tool-calling loop: stream a step, decide what is next (one `NextStep`), run the
 * step's tool calls one after another, check the stop conditions, step again. Used by the main
 * run and by every delegated sub-agent.
 */
export async function runLoop(shared: RunShared, scope: LoopScope): Promise<LoopEnd> {
  for (;;) {
    const started = spanStart(shared);
    const next = await takeStep(shared, scope);
    spanEnd(shared, 'step', started);
    switch (next.type) {
      case 'run-again':
        continue;
      case 'final':
        return { type: 'stopped', reason: 'complete', answer: next.text, error: null };
      case 'handoff':
        return next;
      case 'stop':
        return { type: 'stopped', reason: next.reason, answer: next.answer, error: next.error };
      default: {
        const unreachable: never = next;
        return unreachable;
      }
    }
  }
}

/** One step: stream it, decide, and run its calls when there are any. */
async function takeStep(shared: RunShared, scope: LoopScope): Promise<NextStep> {
  const halted = shared.abortCause();
  if (halted) return stop(halted, '');
  // A greeting or thanks opening the run goes out without tools (seed tool-execution-loop).
  const smallTalk = scope.role === 'main' && scope.messages.length === 0 && isSmallTalk(scope.goal);
  const outcome = await streamStep(shared, scope, { toolsOffered: !smallTalk });
  if (outcome.type === 'failed') return stepFailed(shared, scope, outcome.error, outcome.partialText);
  const { step } = outcome;
  if (isSilentlyEmpty(step))
    return repairOrStop(shared, scope, { type: 'empty-step', generatedTokens: step.generatedTokens ?? 0 }, '', null);
  const decision = decideStep(step, scope.counters, shared.input.limits);
  switch (decision.type) {
    case 'final':
      scope.counters.consecutiveParseFailures = 0;
      scope.messages.push({ role: 'assistant', content: decision.text });
      return decision;
    case 'stop':
      scope.messages.push({ role: 'assistant', content: shared.mode === 'prompt' ? step.rawText : decision.text });
      return stop(decision.reason, decision.text);
    case 'run-again': {
      const { next } = decision;
      if (next.type === 'correct-format') {
        scope.counters.consecutiveParseFailures += 1;
        scope.messages.push({ role: 'assistant', content: step.rawText }, parseFailureMessage(next.error));
        emitStatus(shared, 'The tool call could not be read, asking the model again...');
        return { type: 'run-again' };
      }
      scope.counters.consecutiveParseFailures = 0;
      return runRound(shared, scope, step, next.calls);
    }
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
}

/**
 * Runs a step's calls in order, checking the stop conditions after each and after the round;
 * independent read-only calls have already started together (prefetch-reads.ts).
 */
async function runRound(shared: RunShared, scope: LoopScope, step: StepResult, calls: PlannedCall[]): Promise<NextStep> {
  scope.messages.push(assistantCallMessage(shared, step.visibleText, step.rawText, calls, step.nativeCalls));
  emitStatus(shared, STATUS.selecting);
  const gatesStarted = spanStart(shared);
  const batch = await askBatchApprovals(shared, scope, calls);
  const started = await prefetchReads(shared, scope, calls);
  spanEnd(shared, 'gates', gatesStarted);
  try {
    for (const call of calls) {
      const outcome = await executeToolCall(shared, scope, call, batch?.byCall.get(call), started.get(call));
      if (outcome.type === 'handoff') return outcome;
      if (outcome.type === 'done') recordCallTally(scope.counters, outcome.tally);
      const reason = shared.abortCause() ?? firstStop(AFTER_CALL, scope.counters, shared.input.limits);
      if (reason) {
        // consecutive_errors says which tool failed last and why.
        const detail = reason === 'consecutive_errors' ? lastFailureDetail(scope) : null;
        return { type: 'stop', reason, answer: step.visibleText, error: detail };
      }
    }
  } finally {
    batch?.close();
  }
  scope.counters.rounds += 1;
  emitStatus(shared, STATUS.processing);
  if (firstStop(AFTER_ROUND, scope.counters, shared.input.limits) === 'max_iterations') return summarize(shared, scope);
  return { type: 'run-again' };
}

/** At max_iterations: one last request without tools asking for a summary; then stop. */
async function summarize(shared: RunShared, scope: LoopScope): Promise<NextStep> {
  emitStatus(shared, STATUS.formulating);
  const outcome = await streamStep(shared, scope, { toolsOffered: false, extra: [summaryInstruction(shared.input.limits.maxIterations)] });
  if (outcome.type === 'failed') {
    const end = stepFailed(shared, scope, outcome.error, outcome.partialText);
    return end.type === 'stop' && end.reason === 'provider_error' ? { ...end, reason: 'max_iterations' } : end;
  }
  // What was shown: a tool call the model wrote anyway is not part of the summary.
  const text = outcome.step.visibleText;
  scope.messages.push({ role: 'assistant', content: text });
  return stop('max_iterations', text);
}

function stepFailed(shared: RunShared, scope: LoopScope, error: unknown, partialText: string): NextStep {
  const halted = shared.abortCause();
  if (!halted && error instanceof ProviderError && error.kind === 'malformed-tool-call') {
    if (error.detail?.type === 'cut') {
      // A call cut by a full context: the repair goes out with room for a longer reply (older turns drop at the fixed cut points).
      if (error.detail.contextFull) scope.fitReserveTokens = Math.max(scope.fitReserveTokens ?? 0, error.detail.completionTokens);
      const repair = { type: 'cut-call' as const, detail: error.message, contextFull: error.detail.contextFull };
      return repairOrStop(shared, scope, repair, partialText, null);
    }
    return repairOrStop(shared, scope, { type: 'malformed-call', detail: error.message }, partialText, error.message);
  }
  const recovered = halted ? null : recoverFromProviderError(shared, scope, error);
  if (recovered) return recovered;
  if (partialText) scope.messages.push({ role: 'assistant', content: partialText });
  if (halted) return stop(halted, partialText);
  return { type: 'stop', reason: 'provider_error', answer: partialText, error: providerErrorText(error) };
}

/** Nothing to show and nothing to run although the server says the model generated tokens: it dropped them. */
function isSilentlyEmpty(step: StepResult): boolean {
  return (
    (step.generatedTokens ?? 0) > 0 &&
    step.rawText.trim() === '' &&
    step.nativeCalls.length === 0 &&
    step.textCalls.length === 0 &&
    step.unreadableCalls.length === 0
  );
}

/** The first spoiled step of a loop is sent back to the model with what went wrong; the next one stops the run. */
function repairOrStop(
  shared: RunShared,
  scope: LoopScope,
  repair: ServerRepair,
  partialText: string,
  serverWords: string | null,
): NextStep {
  if (scope.counters.serverRepairs >= DEFAULTS.agent.maxServerRepairs) {
    if (partialText) scope.messages.push({ role: 'assistant', content: partialText });
    const { provider, model } = shared.input;
    const error = serverRepairStopText(repair, provider.hostOf?.(model) ?? provider.host, serverWords);
    return { type: 'stop', reason: 'provider_error', answer: partialText, error };
  }
  scope.counters.serverRepairs += 1;
  scope.messages.push({ role: 'assistant', content: partialText }, serverRepairMessage(repair));
  emitStatus(
    shared,
    repair.type === 'cut-call'
      ? 'The tool call was cut off at the token limit and not run, asking the model again...'
      : 'The server could not use the last reply, asking the model again...',
  );
  return { type: 'run-again' };
}

function stop(reason: StopReason, answer: string): NextStep {
  return { type: 'stop', reason, answer, error: null };
}
