import type { ValidCallRequest } from '../../../../../shared/contract/contract';
import { ContractError } from '../../../../../shared/contract/contract-error';
import { branchTree } from '../../../store/timeline/branch-tree';
import type { AppContext } from '../../app-context';
import { BUSY_MESSAGE } from '../../runs/run-launcher';
import { abandonTask } from '../../runs/task-control';
import { ensureConversation } from './conversation-handlers';

/**
 * conversation.selectBranch: show the branch of one of a message's siblings. Main appends a
 * `branch-selected` event (the timeline stays append-only); every window reads the conversation
 * again when it hears it. Refused while a run goes on; a task waiting on the stack belongs to the
 * branch that is left, so it is dropped first, as an edit drops it.
 */
export async function selectBranch(
  ctx: AppContext,
  request: ValidCallRequest<'conversation.selectBranch'>,
): Promise<{ selected: boolean }> {
  const conversationId = await ensureConversation(ctx, request.conversationId, '', '');
  const session = ctx.sessions.get(conversationId);
  if (session.activeRun) throw new ContractError('busy', BUSY_MESSAGE);
  await ctx.storage.conversations.flush();
  const snapshot = await ctx.storage.conversations.get(conversationId);
  const tree = branchTree(snapshot?.events ?? []);
  if (!tree.hasMessage(request.messageId)) {
    throw new ContractError('not-found', 'That version of the message is not in this conversation any more. Open the conversation again.');
  }
  if (tree.chosenMessageIds().includes(request.messageId)) return { selected: false };
  if (session.stack.depth() > 0) await abandonTask(ctx, session);
  if (session.activeRun) throw new ContractError('busy', BUSY_MESSAGE);
  ctx.hub.emit({ type: 'branch-selected', conversationId, messageId: request.messageId, at: ctx.now() });
  await ctx.storage.conversations.flush();
  return { selected: true };
}
