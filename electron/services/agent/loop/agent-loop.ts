import type { StopReason } from '../../../../shared/stop-reason';
import type { HandoffPayload } from '../../../../tools/catalogue/tool-runtime-types';
import { assistantCallMessage } from './call-history';
import { askBatchApprovals } from './batch-approvals';
import { executeToolCall } from './execute-tool-call';
import { parseFailureMessage } from '../context/prompt-mode';
import { providerErrorText } from '../status/provider-error-text';
import { emitStatus, type LoopScope, type RunShared } from './run-context';
import { recordCallTally } from './run-counters';
import { STATUS } from '../status/status-texts';
import { decideStep, type PlannedCall, type StepResult } from './step-decision';
import { AFTER_CALL, AFTER_ROUND, firstStop } from './stop-conditions';
import { streamStep } from '../stream/stream-step';
import { summaryInstruction } from '../context/summary-request';

export type LoopEnd =
  { type: 'stopped'; reason: StopReason; answer: string; error: string | null } | { type: 'handoff'; payload: HandoffPayload };

type RoundEnd = { type: 'continue' } | { type: 'stop'; reason: StopReason } | { type: 'handoff'; payload: HandoffPayload };

/**
 * The loop of seed sequential-tool-calling: stream a step, decide (final | run-again | stop),
 * run the step's tool calls one after another, check the stop conditions, step again. Used by the
 * main run and by every delegated sub-agent.
 */
export async function runLoop(shared: RunShared, scope: LoopScope): Promise<LoopEnd> {
  for (;;) {
    const halted = haltReason(shared);
    if (halted) return stopped(halted, '');
    const outcome = await streamStep(shared, scope, { toolsOffered: true });
    if (outcome.type === 'failed') return stepFailed(shared, scope, outcome.error, outcome.partialText);
    const { step } = outcome;
    const decision = decideStep(step, scope.counters, shared.input.limits);
    switch (decision.type) {
      case 'final':
        scope.counters.consecutiveParseFailures = 0;
        scope.messages.push({ role: 'assistant', content: decision.text });
        return stopped('complete', decision.text);
      case 'stop':
        scope.messages.push({ role: 'assistant', content: shared.mode === 'prompt' ? step.rawText : decision.text });
        return stopped(decision.reason, decision.text);
      case 'run-again': {
        const { next } = decision;
        if (next.type === 'correct-format') {
          scope.counters.consecutiveParseFailures += 1;
          scope.messages.push({ role: 'assistant', content: step.rawText }, parseFailureMessage(next.error));
          emitStatus(shared, 'The tool call could not be read, asking the model again...');
          continue;
        }
        scope.counters.consecutiveParseFailures = 0;
        const round = await runRound(shared, scope, step, next.calls);
        if (round.type === 'handoff') return round;
        if (round.type === 'stop') return stopped(round.reason, step.visibleText);
        if (firstStop(AFTER_ROUND, scope.counters, shared.input.limits) === 'max_iterations') return summarize(shared, scope);
        continue;
      }
      default: {
        const unreachable: never = decision;
        return unreachable;
      }
    }
  }
}

/** Runs a step's calls sequentially, checking the stop conditions after each. */
async function runRound(shared: RunShared, scope: LoopScope, step: StepResult, calls: PlannedCall[]): Promise<RoundEnd> {
  scope.messages.push(assistantCallMessage(shared, step.visibleText, step.rawText, calls, step.nativeCalls));
  emitStatus(shared, STATUS.selecting);
  const batch = askBatchApprovals(shared, calls);
  try {
    for (const call of calls) {
      const outcome = await executeToolCall(shared, scope, call, batch?.byCall.get(call));
      if (outcome.type === 'handoff') return outcome;
      if (outcome.type === 'done') recordCallTally(scope.counters, outcome.tally);
      const reason = haltReason(shared) ?? firstStop(AFTER_CALL, scope.counters, shared.input.limits);
      if (reason) return { type: 'stop', reason };
    }
  } finally {
    batch?.close();
  }
  scope.counters.rounds += 1;
  emitStatus(shared, STATUS.processing);
  return { type: 'continue' };
}

/** At max_iterations: one last request without tools asking for a summary; then stop. */
async function summarize(shared: RunShared, scope: LoopScope): Promise<LoopEnd> {
  emitStatus(shared, STATUS.formulating);
  const outcome = await streamStep(shared, scope, { toolsOffered: false, extra: [summaryInstruction(shared.input.limits.maxIterations)] });
  if (outcome.type === 'failed') {
    const end = stepFailed(shared, scope, outcome.error, outcome.partialText);
    return end.type === 'stopped' && end.reason === 'provider_error' ? { ...end, reason: 'max_iterations' } : end;
  }
  const text = outcome.step.rawText;
  scope.messages.push({ role: 'assistant', content: text });
  return stopped('max_iterations', text);
}

function stepFailed(shared: RunShared, scope: LoopScope, error: unknown, partialText: string): LoopEnd {
  if (partialText) scope.messages.push({ role: 'assistant', content: partialText });
  const halted = haltReason(shared);
  if (halted) return stopped(halted, partialText);
  return { type: 'stopped', reason: 'provider_error', answer: partialText, error: providerErrorText(error) };
}

/** `timeout` or `cancelled` once the run's signal has fired. */
function haltReason(shared: RunShared): StopReason | null {
  return shared.abortCause();
}

function stopped(reason: StopReason, answer: string): LoopEnd {
  return { type: 'stopped', reason, answer, error: null };
}
