import type { ConversationOptions, ConversationSearchHit, PendingWorkflow } from '../../../shared/conversation';

/** A conversation the user deleted that can still be brought back. */
export interface PendingDelete {
  conversationId: string;
  title: string;
  /** It was the open conversation: Undo opens it again. */
  wasActive: boolean;
}

/** What an export call gives back, ready to save. */
export interface ExportedFile {
  filename: string;
  mimeType: string;
  content: string;
}

export type ActionResult = { ok: true } | { ok: false; message: string };

export type SearchState =
  | { type: 'idle' }
  /** `hits`: the previous search's, shown until the new ones arrive (no flicker while typing). */
  | { type: 'searching'; query: string; hits: ConversationSearchHit[] | null }
  | { type: 'done'; query: string; hits: ConversationSearchHit[] }
  | { type: 'failed'; query: string; message: string };

/** Rename, pin, delete with undo, search, export/import, options, edit and regenerate (issues 5 and 6). */
export interface ConversationManagementSlice {
  /** Rows hidden while their delete can still be undone, oldest first. */
  pendingDeletes: PendingDelete[];
  /** Conversations deleted in this session: kept out of the list even if a list read raced the delete. */
  deletedIds: Record<string, true>;
  /** What the search box holds; the search runs a moment after the last change. */
  searchQuery: string;
  search: SearchState;
  /** The user message being edited in place, if any. */
  editingMessageId: string | null;
  /** Runs that waited for the user when TACO stopped, by conversation (from the stored snapshot). */
  pendingWorkflows: Record<string, PendingWorkflow>;

  renameConversation(conversationId: string, title: string): Promise<ActionResult>;
  setPinned(conversationId: string, pinned: boolean): Promise<void>;
  /** Hide the row now; `conversation.delete` goes to main only when the undo time has passed. */
  deleteConversation(conversationId: string): void;
  undoDelete(conversationId: string): void;
  setSearchQuery(query: string): void;
  exportConversation(conversationId: string, format: 'markdown' | 'json'): Promise<ExportedFile | null>;
  importConversation(content: string): Promise<ActionResult>;
  saveConversationOptions(conversationId: string, options: ConversationOptions): Promise<ActionResult>;
  /** Edit a user message of the open conversation; 'last' picks the latest one. False when there is none. */
  startEditing(messageId: string | 'last'): boolean;
  stopEditing(): void;
  /** Replace the message and run again from there; resolves true when main accepted it. */
  editMessage(messageId: string, text: string): Promise<boolean>;
  regenerate(): Promise<void>;
  /** Ask the paused run's approval or question again (a new run picks the task up). */
  resumeWorkflow(conversationId: string): Promise<void>;
  /** Drop the paused run; the conversation is read again to show how it ended. */
  abandonWorkflow(conversationId: string): Promise<void>;
  /** The user's answer to an imported conversation's system prompt: use it from now on, or drop it. */
  confirmSystemPrompt(conversationId: string, decision: 'use' | 'discard'): Promise<void>;
}
