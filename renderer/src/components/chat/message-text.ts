import type { AssistantTurn } from '../../store/events/conversation-view';

/** What "Copy" copies of an answer: its text parts, as written, a blank line apart (no thinking, no tool output). */
export function answerText(turn: AssistantTurn): string {
  return turn.parts.flatMap((part) => (part.type === 'text' && part.text.trim() ? [part.text.trim()] : [])).join('\n\n');
}
