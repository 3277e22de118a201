import type { JsonObject } from '../../../../shared/contract/json';
import type { HandoffPayload } from '../../../../tools/catalogue/tool-runtime-types';
import type { ProviderToolCall } from '../../provider/provider-types';
import type { Limits } from '../../../../shared/settings/settings';
import type { StopReason } from '../../../../shared/conversations/stop-reason';
import { modelGaveUp } from '../repairs/give-up-detector';
import type { TextToolCall } from '../repairs/json-tool-call-parser';
import type { RunCounters } from './run-counters';
import { AFTER_PARSE_FAILURE, firstStop } from './stop-conditions';

/** One tool call as the loop will handle it, whatever way the model wrote it. */
export interface PlannedCall {
  name: string;
  arguments: JsonObject;
}

/** What one streamed step produced. */
export interface StepResult {
  /** The text shown to the user (tool calls written as JSON taken out). */
  visibleText: string;
  /** Everything the model wrote. */
  rawText: string;
  nativeCalls: ProviderToolCall[];
  textCalls: TextToolCall[];
  /** Errors of replies written as a tool call that could not be read. */
  unreadableCalls: string[];
  /** Tokens the server said the model generated (eval_count); 0 when it did not say. */
  generatedTokens?: number;
}

export type StepDecision =
  /** No tool call: the text is the answer. */
  | { type: 'final'; text: string }
  /** Run the calls, or send the unreadable reply back with its error; then step again. */
  | {
      type: 'run-again';
      next: { type: 'run-tools'; calls: PlannedCall[]; source: 'native' | 'text' } | { type: 'correct-format'; error: string };
    }
  /** The model gave up, or could not write a readable call often enough. */
  | { type: 'stop'; reason: StopReason; text: string };

/**
 * What the loop does next, decided once per step (after openai-agents' NextStep) and switched on
 * in one place (`agent-loop.ts`): the answer is final, run another step, a handoff ends the loop
 * with its result, or the loop stops for a reason (a limit, the user, Ollama).
 */
export type NextStep =
  | { type: 'final'; text: string }
  | { type: 'run-again' }
  | { type: 'handoff'; payload: HandoffPayload }
  | { type: 'stop'; reason: StopReason; answer: string; error: string | null };

/**
 * What next after a step. Ollama's `tool_calls` win; calls written as JSON in the text come
 * next; a reply written as a call that could not be read is sent back with its error until
 * the parse-failure limit; a plain answer is final unless it says plainly that the model gives up.
 */
export function decideStep(step: StepResult, counters: RunCounters, limits: Limits): StepDecision {
  if (step.nativeCalls.length > 0) {
    const calls = step.nativeCalls.map((call) => ({
      name: String(call.function?.name ?? ''),
      arguments: toArguments(call.function?.arguments),
    }));
    return { type: 'run-again', next: { type: 'run-tools', source: 'native', calls } };
  }
  if (step.textCalls.length > 0) {
    const calls = step.textCalls.map((call) => ({ name: call.name, arguments: call.arguments }));
    return { type: 'run-again', next: { type: 'run-tools', source: 'text', calls } };
  }
  const firstError = step.unreadableCalls[0];
  if (firstError !== undefined) {
    const after = { ...counters, consecutiveParseFailures: counters.consecutiveParseFailures + 1 };
    const reason = firstStop(AFTER_PARSE_FAILURE, after, limits);
    return reason
      ? { type: 'stop', reason, text: step.visibleText }
      : { type: 'run-again', next: { type: 'correct-format', error: firstError } };
  }
  if (modelGaveUp(step.visibleText)) return { type: 'stop', reason: 'model_gave_up', text: step.visibleText };
  return { type: 'final', text: step.visibleText };
}

/** Ollama sends an object; a model that wrote a JSON string gets it parsed; anything else is no arguments (validation then names what is missing). */
export function toArguments(value: unknown): JsonObject {
  if (typeof value === 'string') {
    try {
      return toArguments(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}
