import { DEFAULTS } from '../../../../shared/constants';
import type { ToolErrorEnding } from '../../../../shared/contract/events';
import type { JsonObject } from '../../../../shared/contract/json';
import type { ToolType } from '../../../../shared/tools/tool-info';
import type { FrameState } from '../../../../shared/tools/tool-stack';
import type { HandoffPayload, RegisteredTool, ToolOutcome } from '../../../../tools/catalogue/tool-runtime-types';
import { askApproval, askDepth, needsApproval, runsAsScratch } from './call-gates';
import type { PreAsked } from './batch-approvals';
import { pushToolMessage } from './call-history';
import { callKey } from '../repairs/canonical-args';
import { capText } from '../context/output-budget';
import { emitStatus, type LoopScope, type RunShared } from '../loop/run-context';
import { recordCallKey, recordInvalidArguments, type CallTally } from '../loop/run-counters';
import { raceAbort } from '../loop/run-signal';
import { clearScope, completeFrame, placeCall } from './stack-frames';
import { requestStatusSentence } from '../status/status-sentences';
import { toolFailedStatus, usingToolStatus } from '../status/status-texts';
import type { PlannedCall } from '../loop/step-decision';
import { invalidArgumentsMessage, resolveTool } from '../repairs/tool-call-repair';
import { createToolContext } from './tool-context';
import { callTarget } from './call-target';
import { repeatedFailure, repeatedFailureMessage, repeatedFailureStopMessage } from './repeated-failure';
import { spanEnd, spanStart } from '../loop/round-spans';

export type CallOutcome =
  | { type: 'done'; tally: CallTally }
  | { type: 'handoff'; payload: HandoffPayload }
  /** The run's signal fired (Stop, the time limit, Cancel at the depth prompt) while the call waited or ran. */
  | { type: 'halt' };

/** Fed back on a repeat of a call that succeeded (a repeat of a failed call gets repeatedFailureMessage). */
export const REPEATED_CALL_MESSAGE =
  'Not run: you already have this result — you made this exact call (same tool, same arguments) just before. Use that result, or do something different.';

/**
 * One tool call, start to end: repairs and checks (repeat, a tool that is unknown, not offered in
 * the step or not allowed in the conversation: callTarget, arguments), then the stack frame, the depth gate, the approval gate, the status sentence, the tool itself, the
 * capped result. Every path emits `tool-call` then `tool-result` or `tool-error`, and appends the
 * matching tool message to the history.
 */
export async function executeToolCall(
  shared: RunShared,
  scope: LoopScope,
  call: PlannedCall,
  preAsked?: PreAsked,
  /** The tool's work, already started with the round's other independent reads (prefetch-reads.ts). */
  started?: Promise<ToolOutcome>,
): Promise<CallOutcome> {
  const callId = preAsked?.callId ?? shared.nextCallId();
  const target = callTarget(shared, scope, call.name);
  const name = target.type === 'tool' ? target.tool.info.toolId : (resolveTool(shared.input.tools, call.name)?.info.toolId ?? call.name);
  const key = callKey(name, call.arguments);
  const streak = recordCallKey(scope.counters, key);
  // A repeat of a call that failed: it failed before and why; the stop is consecutive_errors.
  const failure = streak > 1 ? repeatedFailure(scope, key) : null;
  scope.counters.failingCallStreak = failure ? streak : 0;
  if (failure) {
    // At the stop, repeatedFailureReached (AFTER_CALL) ends the run with consecutive_errors after this call.
    const stop = streak >= DEFAULTS.repeatedCallStopAt;
    refuse(
      shared,
      scope,
      callId,
      name,
      call.arguments,
      stop ? repeatedFailureStopMessage(failure, streak) : repeatedFailureMessage(failure),
    );
    return { type: 'done', tally: stop ? 'uncounted' : 'counted-error' };
  }
  if (streak >= DEFAULTS.repeatedCallStopAt) {
    // The streak is in the counters: the repeated-call stop condition ends the run after this call.
    refuse(shared, scope, callId, name, call.arguments, 'Not run: this exact call was made again and again; the run stops here.', null, {
      status: false,
    });
    return { type: 'done', tally: 'uncounted' };
  }
  if (streak > 1) {
    refuse(shared, scope, callId, name, call.arguments, REPEATED_CALL_MESSAGE);
    return { type: 'done', tally: 'uncounted' };
  }
  // An unknown tool, or one this step did not offer or the conversation does not allow.
  if (target.type === 'refused') {
    refuse(shared, scope, callId, name, call.arguments, target.message, null, { status: true, ending: 'failed' });
    return { type: 'done', tally: 'counted-error' };
  }
  const { tool } = target;
  const parsed = tool.argsSchema.safeParse(call.arguments);
  if (!parsed.success) {
    const attempts = recordInvalidArguments(scope.counters, name);
    refuse(shared, scope, callId, name, call.arguments, invalidArgumentsMessage(tool, call.arguments, parsed.error), tool.info.type, {
      status: true,
      ending: 'failed',
    });
    if (attempts < 2) return { type: 'done', tally: 'uncounted' };
    clearScope(shared.input.stack, scope.baseFrameId);
    return { type: 'done', tally: 'counted-error' };
  }
  return runTool(shared, scope, tool, call.arguments, parsed.data, callId, preAsked, started);
}

/** A helper's call names its delegate_task frame, so the timeline can draw the helper's work inside that call. */
function madeBy(scope: LoopScope): { delegateFrameId?: string } {
  return scope.baseFrameId === null ? {} : { delegateFrameId: scope.baseFrameId };
}

/** A call that is not run: `tool-call` then `tool-error` (skipped unless said otherwise), and the error in the history. */
function refuse(
  shared: RunShared,
  scope: LoopScope,
  callId: string,
  tool: string,
  args: JsonObject,
  error: string,
  toolType: ToolType | null = null,
  options: { status: boolean; ending?: ToolErrorEnding } = { status: true },
): void {
  shared.emit({ type: 'tool-call', callId, tool, toolType, args, frameId: null, ...madeBy(scope), at: shared.now() });
  shared.emit({ type: 'tool-error', callId, tool, error, durationMs: 0, ending: options.ending ?? 'skipped' });
  if (options.status && !shared.signal.aborted) emitStatus(shared, toolFailedStatus(tool));
  pushToolMessage(shared, scope, tool, error, false);
}

async function runTool(
  shared: RunShared,
  scope: LoopScope,
  tool: RegisteredTool,
  rawArgs: JsonObject,
  args: JsonObject,
  callId: string,
  preAsked?: PreAsked,
  prefetched?: Promise<ToolOutcome>,
): Promise<CallOutcome> {
  const { input } = shared;
  const { stack } = input;
  const toolId = tool.info.toolId;
  const placement = placeCall(stack.frames(), toolId, scope.baseFrameId);
  let frameId: string;
  let before: { state: FrameState; waitingFor: string | null } | null = null;
  if (placement.type === 'resume') {
    frameId = placement.frame.frameId;
    before = { state: placement.frame.state, waitingFor: placement.frame.waitingFor };
    stack.update(frameId, { state: 'running', waitingFor: null });
  } else {
    const parentFrameId = placement.type === 'new' ? placement.parentFrameId : placement.waiting.frameId;
    frameId = stack.push({ tool: toolId, callId, parentFrameId }).frameId;
  }
  shared.emit({
    type: 'tool-call',
    callId,
    tool: toolId,
    toolType: tool.info.type,
    args: rawArgs,
    frameId,
    ...madeBy(scope),
    at: shared.now(),
  });
  /** The call did not run: a resumed frame goes back to waiting, a new one pops. */
  const withdraw = (error: string, ending: ToolErrorEnding): void => {
    if (before) stack.update(frameId, before);
    else stack.pop(frameId);
    shared.emit({ type: 'tool-error', callId, tool: toolId, error, durationMs: 0, ending });
    pushToolMessage(shared, scope, toolId, error, false);
  };
  const gatesStarted = spanStart(shared);
  const context = createToolContext(shared, { callId, frameId });
  // Not asked because it can change nothing: run_command then runs it in the scratch sandbox only.
  if (await runsAsScratch(tool, input, args)) context.scratchRun = true;

  try {
    if (placement.type !== 'resume' && stack.depth() >= shared.depthLimit) {
      if ((await askDepth(shared)) === 'cancel') {
        withdraw('Not run: the user chose Cancel at the tool stack depth limit.', 'cancelled');
        shared.cancelRun();
        return { type: 'halt' };
      }
    }
    if (await needsApproval(tool, input, args)) {
      stack.update(frameId, { state: 'waiting-approval' });
      const answer = await (preAsked?.answer ?? askApproval(shared, tool, args, callId, context));
      if (answer.type === 'denied') {
        withdraw(answer.message, 'denied');
        return { type: 'done', tally: 'uncounted' };
      }
      stack.update(frameId, { state: 'running' });
    }
  } catch {
    withdraw('Not run: the run stopped.', 'cancelled');
    return { type: 'halt' };
  }
  spanEnd(shared, 'gates', gatesStarted);

  emitStatus(shared, usingToolStatus(toolId, tool.info.source));
  const sentence = requestStatusSentence({ provider: input.provider, model: input.model, tool: toolId, args, signal: shared.signal });
  let running = true;
  void sentence.result.then((text) => {
    if (text && running && !shared.signal.aborted) emitStatus(shared, text);
  });
  const started = shared.now();
  const toolStarted = spanStart(shared);
  let outcome: ToolOutcome;
  try {
    outcome = await raceAbort(prefetched ?? Promise.resolve().then(() => tool.run(args, context)), shared.signal);
    spanEnd(shared, 'tool', toolStarted);
  } catch (error) {
    return failed(shared, scope, toolId, callId, frameId, started, error);
  } finally {
    running = false;
    sentence.cancel();
  }
  return finished(shared, scope, tool, callId, frameId, started, outcome);
}

function failed(
  shared: RunShared,
  scope: LoopScope,
  tool: string,
  callId: string,
  frameId: string,
  started: number,
  error: unknown,
): CallOutcome {
  const { stack } = shared.input;
  const durationMs = shared.now() - started;
  stack.update(frameId, { state: 'failed' });
  if (shared.signal.aborted) {
    stack.pop(frameId);
    const text = 'Stopped before the tool finished.';
    shared.emit({ type: 'tool-error', callId, tool, error: text, durationMs, ending: 'cancelled' });
    pushToolMessage(shared, scope, tool, text, false);
    return { type: 'halt' };
  }
  const raw = error instanceof Error ? error.message : String(error);
  const text = capText(raw.trim() || `${tool} failed without saying why.`, DEFAULTS.agent.toolErrorLimitChars).text;
  clearScope(stack, scope.baseFrameId);
  shared.emit({ type: 'tool-error', callId, tool, error: text, durationMs, ending: 'failed' });
  emitStatus(shared, toolFailedStatus(tool));
  pushToolMessage(shared, scope, tool, text, false);
  return { type: 'done', tally: 'counted-error' };
}

function finished(
  shared: RunShared,
  scope: LoopScope,
  tool: RegisteredTool,
  callId: string,
  frameId: string,
  started: number,
  outcome: ToolOutcome,
): CallOutcome {
  const { input } = shared;
  const toolId = tool.info.toolId;
  const durationMs = shared.now() - started;
  switch (outcome.type) {
    case 'handoff': {
      const { payload } = outcome;
      const documents = payload.documents.length > 0 ? `\n\nDocuments: ${payload.documents.join(', ')}` : '';
      const capped = scope.budget.cap(toolId, `${payload.result}${documents}`);
      shared.emit({ type: 'tool-result', callId, tool: toolId, result: capped.text, truncated: capped.truncated, durationMs });
      pushToolMessage(shared, scope, toolId, capped.text, true);
      completeFrame(input.stack, input.tools, frameId);
      return { type: 'handoff', payload };
    }
    case 'result': {
      const capped = scope.budget.cap(toolId, outcome.output);
      const requires = outcome.requires ? `\n\n[Next step required: call ${outcome.requires.tool} (${outcome.requires.reason}).]` : '';
      const result = `${capped.text}${requires}`;
      const images = outcome.images && outcome.images.length > 0 ? { images: outcome.images } : {};
      shared.emit({ type: 'tool-result', callId, tool: toolId, result, truncated: capped.truncated, durationMs, ...images });
      pushToolMessage(shared, scope, toolId, result, true, outcome.images);
      if (outcome.requires) input.stack.update(frameId, { state: 'waiting-tool', waitingFor: outcome.requires.tool });
      else completeFrame(input.stack, input.tools, frameId);
      return { type: 'done', tally: 'success' };
    }
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
