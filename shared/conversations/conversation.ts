import type { BranchSiblings } from './branches';
import type { ConversationSummary } from './conversation-summary';
import type { TacoEvent } from '../contract/events';
import type { JsonObject } from '../contract/json';
import type { Risk } from '../settings/settings';

export { conversationOptionsSchema, type ConversationOptions, type ConversationSummary } from './conversation-summary';

/** A run that was waiting for the user when TACO stopped: workflow.resume asks again, workflow.abandon drops it. */
export type PendingWorkflow =
  | { kind: 'approval'; runId: string; goal: string; callId: string; tool: string; args: JsonObject; risk: Risk }
  | { kind: 'question'; runId: string; goal: string; callId: string; question: string };

export interface ConversationSearchHit {
  conversationId: string;
  title: string;
  /** A short piece of text around the match (plain text). */
  snippet: string;
  matchedIn: 'title' | 'content';
  updatedAt: number;
}

/** A conversation as stored: its summary and its timeline, oldest first. */
export interface ConversationSnapshot {
  summary: ConversationSummary;
  events: TacoEvent[];
  /** Anything the reader had to skip or repair, in words (a torn last line, for example). */
  notices: string[];
  /** Set when the last run stopped with TACO while it waited for the user; null or absent otherwise. */
  pending?: PendingWorkflow | null;
  /**
   * Only for a paged get (conversation.get with `page`): `events` are the newest page (or the page
   * before the given cursor), and this cursor asks for the page before them; null when they reach
   * the conversation's start. Absent when `events` is the whole timeline.
   */
  olderCursor?: string | null;
  /**
   * Only for a paged get: the siblings of each shown message that has alternatives (‹ 2 / 3 ›).
   * The pages are then the chosen branch's events (without the branch events themselves).
   */
  branches?: BranchSiblings;
}
