import type { TacoEvent } from '../../../shared/events';
import { completionId } from './ollama-response';

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
  const finish = event.type === 'run-finish' ? (event.reason === 'complete' ? 'stop' : 'length') : null;
  return [tacoChunk(state, {}, { taco: event }, finish)];
}
