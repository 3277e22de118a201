import type { TacoEvent } from '../../../shared/contract/events';
import type { StopReason } from '../../../shared/conversations/stop-reason';
import { completionId } from './ollama-response';
import { GatewayError } from './openai-error';

/**
 * TACO's run events as chat completion chunks for the enhanced endpoint. Answer text is
 * `delta.content` and thinking `delta.reasoning`, so any OpenAI client reads the answer; every other
 * event a client may act on (tool calls and results, approvals, questions, the depth prompt,
 * usage, the finish) rides in an extension field, `taco`, on a chunk with an empty delta, which
 * clients that do not know it ignore. The first chunk names the conversation and the run.
 */
export interface TacoChunkState {
  id: string;
  model: string;
  created: number;
  first: boolean;
}

/** Events a client sees in `taco` (the rest: text and thinking are the delta, stack and progress stay in the window). */
const FORWARDED = new Set<TacoEvent['type']>([
  'tool-call',
  'tool-result',
  'tool-error',
  'approval-request',
  'approval-resolved',
  'question',
  'question-answered',
  'depth-limit',
  'depth-resolved',
  'status',
  'usage',
  'run-finish',
]);

export function newTacoChunkState(model: string, now: () => number = Date.now): TacoChunkState {
  return { id: completionId(), model, created: Math.floor(now() / 1000), first: true };
}

export function tacoChunk(
  state: TacoChunkState,
  delta: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  finishReason: string | null = null,
) {
  const role = state.first ? { role: 'assistant' } : {};
  state.first = false;
  return {
    id: state.id,
    object: 'chat.completion.chunk',
    created: state.created,
    model: state.model,
    choices: [{ index: 0, delta: { ...role, ...delta }, finish_reason: finishReason }],
    ...extra,
  };
}

/** The chunks one event becomes (none for events a client has no use for). */
export function chunksForEvent(state: TacoChunkState, event: TacoEvent): Array<Record<string, unknown>> {
  if (event.type === 'text-delta') return [tacoChunk(state, { content: event.text })];
  if (event.type === 'thinking-delta') return [tacoChunk(state, { reasoning: event.text })];
  if (!FORWARDED.has(event.type)) return [];
  const finish = event.type === 'run-finish' ? finishReasonOf(event.reason) : null;
  return [tacoChunk(state, {}, { taco: event }, finish)];
}

/** OpenAI's finish_reason for a TACO stop: `length` when a limit cut the task short, else `stop` (the `taco` event says why). */
export function finishReasonOf(reason: StopReason): 'stop' | 'length' {
  return reason === 'max_iterations' || reason === 'timeout' ? 'length' : 'stop';
}

/** A run that ended on the model server's error is an error for the client too, in the server's words. */
export function runFailure(event: Extract<TacoEvent, { type: 'run-finish' }>): GatewayError | null {
  return event.reason === 'provider_error' ? new GatewayError(502, event.error ?? event.message, 'model_server_error') : null;
}

/** The run's tokens over all its steps, summed from its `usage` events. */
export interface RunUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export function addUsage(total: RunUsage, event: TacoEvent): void {
  if (event.type !== 'usage') return;
  total.prompt_tokens += event.promptTokens;
  total.completion_tokens += event.completionTokens;
  total.total_tokens = total.prompt_tokens + total.completion_tokens;
}

/** OpenAI's closing usage chunk for `stream_options.include_usage`: no choices, the usage. */
export function usageChunk(state: TacoChunkState, usage: RunUsage) {
  return { id: state.id, object: 'chat.completion.chunk', created: state.created, model: state.model, choices: [], usage };
}
