import { DEFAULTS } from '../../../../../shared/constants';
import type { ValidCallRequest } from '../../../../../shared/contract/contract';
import { ContractError } from '../../../../../shared/contract/contract-error';
import type { ConversationSearchHit, ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { AppContext } from '../../app-context';
import { mergeConversationOptions } from '../../runs/conversation-options';
import { emitSummary } from '../../events/conversation-updates';

/** conversation.rename: the user's title wins over a generated one still on its way. */
export async function renameConversation(ctx: AppContext, request: ValidCallRequest<'conversation.rename'>): Promise<ConversationSummary> {
  ctx.titles.cancel(request.conversationId);
  return emitSummary(ctx, await ctx.storage.conversations.update(request.conversationId, { title: request.title }));
}

export async function pinConversation(ctx: AppContext, request: ValidCallRequest<'conversation.pin'>): Promise<ConversationSummary> {
  return emitSummary(ctx, await ctx.storage.conversations.update(request.conversationId, { pinned: request.pinned }));
}

/** conversation.setOptions: merged over the stored options (null clears a field); the next run uses them. */
export async function setConversationOptions(
  ctx: AppContext,
  request: ValidCallRequest<'conversation.setOptions'>,
): Promise<ConversationSummary> {
  const current = await ctx.storage.conversations.summary(request.conversationId);
  if (!current) throw notFound(request.conversationId);
  // Only confirmSystemPrompt clears the imported flag; a different system prompt typed here is the user's own
  // (the options form sends the unchanged imported one back with every save: that confirms nothing).
  const { systemPromptImported: _ignored, ...patch } = request.options;
  const replaced = patch.systemPrompt !== undefined && patch.systemPrompt !== current.options?.systemPrompt;
  const options = mergeConversationOptions(current.options, { ...patch, ...(replaced ? { systemPromptImported: null } : {}) });
  return emitSummary(ctx, await ctx.storage.conversations.update(request.conversationId, { options }));
}

/** conversation.confirmSystemPrompt: the user uses an imported system prompt from now on, or drops it. */
export async function confirmSystemPrompt(
  ctx: AppContext,
  request: ValidCallRequest<'conversation.confirmSystemPrompt'>,
): Promise<ConversationSummary> {
  const current = await ctx.storage.conversations.summary(request.conversationId);
  if (!current) throw notFound(request.conversationId);
  const patch = request.decision === 'use' ? { systemPromptImported: null } : { systemPrompt: null, systemPromptImported: null };
  const options = mergeConversationOptions(current.options, patch);
  return emitSummary(ctx, await ctx.storage.conversations.update(request.conversationId, { options }));
}

/**
 * conversation.delete: stops the conversation's run (its prompts are withdrawn), then removes the
 * timeline, its index entry, its words in the search index and everything main kept about it.
 */
export async function deleteConversation(ctx: AppContext, conversationId: string): Promise<{ deleted: boolean }> {
  if (!(await ctx.storage.conversations.summary(conversationId))) return { deleted: false };
  ctx.titles.cancel(conversationId);
  const run = ctx.sessions.find(conversationId)?.activeRun;
  if (run) {
    run.controller.abort();
    await Promise.race([run.finished, delay(DEFAULTS.app.shutdownGraceMs)]);
  }
  try {
    await ctx.storage.conversations.delete(conversationId);
    await ctx.versions.remove(conversationId);
  } catch (error) {
    if (error instanceof ContractError && error.code === 'not-found') return { deleted: false };
    throw error;
  } finally {
    ctx.sessions.forget(conversationId);
    ctx.knownConversations.delete(conversationId);
  }
  return { deleted: true };
}

export function searchConversations(ctx: AppContext, query: string): Promise<ConversationSearchHit[]> {
  return ctx.storage.conversations.search(query);
}

function notFound(conversationId: string): ContractError {
  return new ContractError(
    'not-found',
    `There is no conversation with id ${conversationId}. It may have been deleted; pick another from the list.`,
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
