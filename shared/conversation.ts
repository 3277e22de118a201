import { z } from 'zod';
import type { TacoEvent } from './events';
import type { JsonObject } from './json';
import type { Risk } from './settings';
import { BARE_SECONDS, GO_DURATION } from './go-duration';

/** Per-conversation model parameters. Unset fields use the app's defaults. */
export const conversationOptionsSchema = z
  .object({
    temperature: z.number().min(0).max(2).nullable().optional(),
    numCtx: z.number().int().min(512).max(1_048_576).nullable().optional(),
    /**
     * Ollama keep_alive: a Go duration ("5m", "1h30m", "0" unloads right after), or a number of
     * seconds. A bare number written as text ("300", "1.5", as older versions stored it) is read as
     * seconds: sent as a string Ollama would answer 400 to every request.
     */
    keepAlive: z
      .union([
        z.string().trim().regex(BARE_SECONDS).transform(Number),
        z.string().trim().max(20).regex(GO_DURATION, 'must be a duration with a unit, like 5m, 1h or 30s (or 0)'),
        z.number().finite(),
      ])
      .nullable()
      .optional(),
    systemPrompt: z.string().max(20_000).nullable().optional(),
    /**
     * The system prompt came with an imported conversation: it is kept and shown, but not used
     * until the user confirms it (conversation.confirmSystemPrompt). Set only by main on import;
     * conversation.setOptions ignores it.
     */
    systemPromptImported: z.boolean().nullable().optional(),
  })
  .strict();
export type ConversationOptions = z.infer<typeof conversationOptionsSchema>;

export interface ConversationSummary {
  conversationId: string;
  title: string;
  model: string | null;
  createdAt: number;
  updatedAt: number;
  pinned: boolean;
  /** Per-conversation parameters; absent on conversations that never set any. */
  options?: ConversationOptions;
  /**
   * The last run never finished because TACO stopped: while it ran ('interrupted'), or while it
   * waited for an approval or an answer (resumable with workflow.resume). Absent otherwise.
   */
  unfinished?: 'interrupted' | 'approval' | 'question';
}

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
}
