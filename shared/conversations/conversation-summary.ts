import { z } from 'zod';
import { BARE_SECONDS, GO_DURATION } from '../models/go-duration';

/*
 * A conversation's summary and options: what the conversation list and the events carry. Apart
 * from shared/conversation.ts (which re-exports them) so that shared/events.ts can name a summary
 * without importing the snapshot, which holds events.
 */

/** Tool ids a conversation (or a preset) may use; null or absent: every tool. */
export const allowedToolsSchema = z.array(z.string().trim().min(1).max(200)).max(500).nullable();

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
    /**
     * The only tools this conversation's runs may be offered and may run (a preset's
     * `allowedTools`, copied by conversation.createFromPreset); absent: every tool. Enforced where
     * a call is executed (`electron/services/agent/tool-calls/call-target.ts`).
     */
    allowedTools: allowedToolsSchema.optional(),
    /** How tools are sent on this conversation (overrides the model's checked setting): native calls or the prompt-based format. */
    toolMode: z.enum(['native', 'prompt']).nullable().optional(),
    /** Tools per request on this conversation (overrides the model's checked budget and settings.toolBudget); 0 offers all. */
    toolBudget: z.number().int().min(0).max(1000).nullable().optional(),
    /** Thinking for tool steps on a thinking model (overrides the model's checked setting). */
    think: z.boolean().nullable().optional(),
    /**
     * Search the knowledge folders on every message and put the best passages into the context
     * (over the project's choice); null or absent: as the project says, else off.
     */
    searchKnowledge: z.boolean().nullable().optional(),
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
  /** The project the conversation belongs to (shared/projects/projects.ts); absent: no project. */
  projectId?: string;
  /** Per-conversation parameters; absent on conversations that never set any. */
  options?: ConversationOptions;
  /**
   * The last run never finished because TACO stopped: while it ran ('interrupted'), or while it
   * waited for an approval or an answer (resumable with workflow.resume). Absent otherwise.
   */
  unfinished?: 'interrupted' | 'approval' | 'question';
}
