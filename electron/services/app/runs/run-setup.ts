import type { ConversationOptions, ConversationSummary } from '../../../../shared/conversations/conversation';
import { timelineToHistory } from '../../agent/context/timeline-to-history';
import { branchTree } from '../../store/timeline/branch-tree';
import type { ConversationRunOptions } from '../../agent/loop/agent-types';
import type { ChatMessage } from '../../provider/provider-types';
import type { AppContext } from '../app-context';
import { emitSummary } from '../events/conversation-updates';

export interface StoredConversation {
  history: ChatMessage[];
  summary: ConversationSummary | null;
}

/**
 * The model's history (the chosen branch only) and the conversation's summary (its options), read
 * from the stored timeline. With `branchFrom` (edit, regenerate) the history ends just before that
 * message: the run's new message becomes its sibling.
 */
export async function readConversationForRun(ctx: AppContext, conversationId: string, branchFrom?: string): Promise<StoredConversation> {
  try {
    await ctx.storage.conversations.flush();
    const snapshot = await ctx.storage.conversations.get(conversationId);
    if (!snapshot) return { history: [], summary: null };
    const tree = branchTree(snapshot.events);
    const events = (branchFrom === undefined ? null : tree.eventsBefore(branchFrom)) ?? tree.chosenEvents();
    return { history: timelineToHistory(events), summary: snapshot.summary };
  } catch (error) {
    console.error(`Could not read the history of conversation ${conversationId}; the run starts without it:`, error);
    return { history: [], summary: null };
  }
}

/** The conversation's own options for the loop (conversation.setOptions); cleared and unset ones are left out. */
export function conversationRunOptions(options: ConversationOptions | undefined): ConversationRunOptions {
  if (!options) return {};
  return {
    ...(typeof options.numCtx === 'number' ? { numCtx: options.numCtx } : {}),
    ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
    ...(options.keepAlive !== null && options.keepAlive !== undefined ? { keepAlive: options.keepAlive } : {}),
    // An imported system prompt waits for the user's confirmation (conversation.confirmSystemPrompt).
    ...(options.systemPrompt?.trim() && options.systemPromptImported !== true ? { systemPrompt: options.systemPrompt } : {}),
    ...(options.allowedTools ? { allowedTools: options.allowedTools } : {}),
  };
}

/**
 * A run starts: the conversation remembers the model it runs with (the sidebar shows it), and a
 * run left unfinished by TACO's stop is no longer the last one — the sidebar hears both.
 */
export function noteRunStart(ctx: AppContext, summary: ConversationSummary | null, model: string): void {
  if (!summary) return;
  if (summary.model === model) {
    if (summary.unfinished) emitSummary(ctx, settled(summary));
    return;
  }
  void ctx.storage.conversations
    .update(summary.conversationId, { model })
    .then((updated) => emitSummary(ctx, settled(updated)))
    .catch((error: unknown) => console.error(`Could not remember the model of conversation ${summary.conversationId}:`, error));
}

function settled(summary: ConversationSummary): ConversationSummary {
  const { unfinished: _unfinished, ...rest } = summary;
  return rest;
}
