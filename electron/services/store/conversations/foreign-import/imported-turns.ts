import type { TacoEvent } from '../../../../../shared/contract/events';
import { ContractError } from '../../../../../shared/contract/contract-error';
import { DEFAULTS } from '../../../../../shared/constants';
import type { TimelineImport } from '../conversation-store';

/** One message of another app's conversation, as TACO keeps it: plain text, never markup of ours. */
export type ImportedTurn =
  { role: 'user'; text: string; at: number } | { role: 'assistant'; text: string; thinking: string; model: string; at: number };

/** A foreign conversation read and checked, not yet written. */
export interface ImportedConversation {
  title: string;
  createdAt: number;
  turns: ImportedTurn[];
  /** Parts left out (images, tool traces, attachments). */
  skipped: number;
}

/** The id TACO gives the events before the store gives the conversation its own. */
const PENDING_ID = 'import';

/**
 * A checked foreign conversation as a TACO timeline: a user message per user turn, and a finished
 * run per answer (consecutive answers join one run), so it reads, searches and continues like any
 * conversation. Nothing from the file becomes a tool call, an approval or a setting.
 */
export function turnsToTimeline(conversation: ImportedConversation, newId: () => string): TimelineImport {
  const events: TacoEvent[] = [];
  let run: { runId: string; at: number } | null = null;
  const finish = (): void => {
    if (!run) return;
    events.push({
      type: 'run-finish',
      conversationId: PENDING_ID,
      runId: run.runId,
      reason: 'complete',
      message: '',
      error: null,
      at: run.at,
    });
    run = null;
  };
  for (const turn of conversation.turns) {
    if (turn.role === 'user') {
      finish();
      events.push({ type: 'user-message', conversationId: PENDING_ID, messageId: newId(), text: turn.text, at: turn.at });
      continue;
    }
    if (!run) {
      run = { runId: newId(), at: turn.at };
      events.push({ type: 'run-start', conversationId: PENDING_ID, runId: run.runId, model: turn.model, goal: '', startedAt: turn.at });
    } else {
      events.push({ type: 'text-delta', conversationId: PENDING_ID, runId: run.runId, text: '\n\n' });
    }
    run.at = turn.at;
    if (turn.thinking) events.push({ type: 'thinking-delta', conversationId: PENDING_ID, runId: run.runId, text: turn.thinking });
    events.push({ type: 'text-delta', conversationId: PENDING_ID, runId: run.runId, text: turn.text });
  }
  finish();
  return { title: conversation.title, model: null, createdAt: conversation.createdAt, pinned: false, events };
}

/** A refusal of the whole file, in words that say once that it is not imported, and what is wrong. */
export function importRefused(source: string, reason: string): ContractError {
  return new ContractError('invalid-payload', `This ${source} export cannot be imported: ${reason}.`);
}

/** Checks the caps of DEFAULTS.foreignImport that apply to one message's text. */
export function checkedText(source: string, where: string, text: string): string {
  if (text.length > DEFAULTS.foreignImport.maxMessageChars)
    throw importRefused(source, `${where} is longer than ${DEFAULTS.foreignImport.maxMessageChars.toLocaleString('en')} characters`);
  return text;
}

/** A title for the list: one line, cut to the cap, or a fallback. */
export function importedTitle(title: unknown, fallback: string): string {
  const text = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim().slice(0, DEFAULTS.foreignImport.maxTitleChars) : '';
  return text || fallback;
}

/** Seconds (ChatGPT) or an ISO date (Claude) as milliseconds; `fallback` when missing or unreadable. */
export function importedTime(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.round(value < 1e11 ? value * 1000 : value);
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}
