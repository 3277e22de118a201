import { ContractError } from '../../../../../shared/contract/contract-error';
import type { ConversationSnapshot, ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { AppContext } from '../../app-context';
import { chosenBranchPage, newestPageSnapshot } from './conversation-page';
import { titleFromText } from '../../titles/title-from-text';
import { existingProject } from '../../../projects/project-handlers';
import { fileNewChatInProject } from '../../../projects/project-chat';

export async function listConversations(ctx: AppContext): Promise<ConversationSummary[]> {
  const list = await ctx.storage.conversations.list();
  for (const summary of list) ctx.knownConversations.add(summary.conversationId);
  return list;
}

/**
 * The whole timeline (every branch), or with `page` one page of the chosen branch (the newest, or
 * the one before `page.before`) with the siblings of its messages. The newest page of a timeline
 * without branches is read from the end of the file (tail-facts.ts); anything else, whole.
 */
export async function getConversation(
  ctx: AppContext,
  conversationId: string,
  page?: { before?: string | undefined },
): Promise<ConversationSnapshot> {
  await ctx.storage.conversations.flush();
  if (page && page.before === undefined) {
    // A timeline the tail can serve is read from its end: opening costs what the page costs.
    const newest = await ctx.storage.conversations.newestPage?.(conversationId);
    if (newest) {
      ctx.knownConversations.add(conversationId);
      return newestPageSnapshot(newest);
    }
  }
  const snapshot = await ctx.storage.conversations.get(conversationId);
  if (!snapshot) throw notFound(conversationId);
  ctx.knownConversations.add(conversationId);
  if (!page) return snapshot;
  return chosenBranchPage(snapshot, page.before);
}

/**
 * The conversation a message goes to: a new one (titled from the text) when `conversationId` is
 * null, filed in `projectId` with the project's defaults when given (refused before anything is
 * stored when there is no such project).
 */
export async function ensureConversation(
  ctx: AppContext,
  conversationId: string | null,
  text: string,
  model: string,
  projectId?: string,
): Promise<string> {
  if (conversationId === null) {
    const project = projectId === undefined ? null : await existingProject(ctx, projectId);
    const summary = await ctx.storage.conversations.create({ title: titleFromText(text), model });
    ctx.knownConversations.add(summary.conversationId);
    if (project) await fileNewChatInProject(ctx, summary.conversationId, project);
    return summary.conversationId;
  }
  if (ctx.knownConversations.has(conversationId)) return conversationId;
  const snapshot = await ctx.storage.conversations.get(conversationId);
  if (!snapshot) throw notFound(conversationId);
  ctx.knownConversations.add(conversationId);
  return conversationId;
}

function notFound(conversationId: string): ContractError {
  return new ContractError(
    'not-found',
    `There is no conversation with id ${conversationId}. It may have been deleted; start a new conversation.`,
  );
}
