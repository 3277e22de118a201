import type { TacoEvent } from './events';

export interface ConversationSummary {
  conversationId: string;
  title: string;
  model: string | null;
  createdAt: number;
  updatedAt: number;
  pinned: boolean;
}

/** A conversation as stored: its summary and its timeline, oldest first. */
export interface ConversationSnapshot {
  summary: ConversationSummary;
  events: TacoEvent[];
  /** Anything the reader had to skip or repair, in words (a torn last line, for example). */
  notices: string[];
}
