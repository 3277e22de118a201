import type { AssistantTurn, ConversationView, TurnPart } from './conversation-view';
import { appendItem, findTurnIndexIn, replaceItem, type DraftItems } from './draft-items';

/** A new, empty assistant turn for a run. */
export function newTurn(runId: string): AssistantTurn {
  return { type: 'assistant', id: `run:${runId}`, runId, model: null, goal: null, startedAt: null, parts: [], usage: null, finish: null };
}

export function findTurn(view: ConversationView, runId: string, draft: DraftItems | null = null): AssistantTurn | null {
  const item = view.items[findTurnIndexIn(view.items, runId, draft)];
  return item?.type === 'assistant' ? item : null;
}

/**
 * Apply `update` to the run's turn. A run we never saw start (the page connected mid-run, or a
 * stored timeline lost its first lines) gets a turn on first sight and counts as running. `draft`
 * is the calling `applyEvents`'s scratch state (null: copy on every change).
 */
export function withTurn(
  view: ConversationView,
  runId: string,
  update: (turn: AssistantTurn) => AssistantTurn,
  draft: DraftItems | null = null,
): ConversationView {
  const index = findTurnIndexIn(view.items, runId, draft);
  if (index === -1) {
    const items = appendItem(view.items, update(newTurn(runId)), draft);
    return view.activeRunId === null ? { ...view, items, activeRunId: runId, running: true } : { ...view, items };
  }
  const current = view.items[index];
  if (current?.type !== 'assistant') return view;
  return { ...view, items: replaceItem(view.items, index, update(current), draft) };
}

/** The id the next part of a turn gets: stable, so a rebuilt view equals the live one. */
export function nextPartId(turn: AssistantTurn): string {
  return `${turn.runId}:${turn.parts.length}`;
}

/** Append streamed text or thinking: grows the last part of that kind, or starts a new one. */
export function appendDelta(turn: AssistantTurn, type: 'text' | 'thinking', text: string): AssistantTurn {
  if (text === '') return turn;
  const last = turn.parts[turn.parts.length - 1];
  if (last && last.type === type) {
    const parts = turn.parts.slice(0, -1);
    parts.push({ ...last, text: last.text + text });
    return { ...turn, parts };
  }
  return { ...turn, parts: [...turn.parts, { type, id: nextPartId(turn), text }] };
}

export function appendPart(turn: AssistantTurn, part: TurnPart): AssistantTurn {
  return { ...turn, parts: [...turn.parts, part] };
}

/** Replace the last part matching `match` with `update(part)`; unchanged when none matches. */
export function updateLastPart<P extends TurnPart>(
  turn: AssistantTurn,
  match: (part: TurnPart) => part is P,
  update: (part: P) => TurnPart,
): AssistantTurn {
  for (let index = turn.parts.length - 1; index >= 0; index -= 1) {
    const part = turn.parts[index];
    if (part && match(part)) {
      const parts = turn.parts.slice();
      parts[index] = update(part);
      return { ...turn, parts };
    }
  }
  return turn;
}

export function hasPart(turn: AssistantTurn, match: (part: TurnPart) => boolean): boolean {
  return turn.parts.some(match);
}
