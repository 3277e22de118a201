import { parseSlashCommand } from '../../../../../shared/conversations/commands';
import type { SendResult, ValidCallRequest } from '../../../../../shared/contract/contract';
import { ContractError } from '../../../../../shared/contract/contract-error';
import type { EventOf } from '../../../../../shared/contract/events';
import { branchTree } from '../../../store/timeline/branch-tree';
import type { AppContext } from '../../app-context';
import type { ConversationSession } from '../../runs/conversation-sessions';
import { BUSY_MESSAGE, startRun } from '../../runs/run-launcher';
import { abandonTask } from '../../runs/task-control';
import { ensureConversation } from './conversation-handlers';

/**
 * chat.edit: the new text becomes a sibling of the message (`timeline-rewound`, then the new user
 * message: a new branch, chosen), and a run starts from there. The old branch stays in the
 * timeline (it is append-only) and can be chosen again (conversation.selectBranch); the history
 * the model sees and the view follow the chosen branch (branch-tree.ts).
 */
export async function editMessage(ctx: AppContext, request: ValidCallRequest<'chat.edit'>): Promise<SendResult> {
  const text = request.text.trim();
  if (!text) throw new ContractError('invalid-payload', 'chat.edit: "text" is empty. Type the new text of the message.');
  if (parseSlashCommand(text))
    throw new ContractError('invalid-payload', 'A command cannot replace a message. Send the command as a new message instead.');
  const { session, messages } = await prepare(ctx, request.conversationId, request.model);
  if (!messages.some((message) => message.messageId === request.messageId)) {
    throw new ContractError(
      'not-found',
      'That message is no longer in the conversation (it may have been edited or answered again already). Pick the message again.',
    );
  }
  const run = await startRun(ctx, { session, model: request.model, goal: text, userText: text, rewindFrom: request.messageId });
  return { type: 'run', runId: run.runId, conversationId: session.conversationId };
}

/** chat.regenerate: the last user message is sent again as its own sibling (a new message id, the same text): a new branch. */
export async function regenerateAnswer(ctx: AppContext, request: ValidCallRequest<'chat.regenerate'>): Promise<SendResult> {
  const { session, messages } = await prepare(ctx, request.conversationId, request.model);
  const last = messages[messages.length - 1];
  if (!last) throw new ContractError('not-found', 'There is no message in this conversation to answer again. Type a message instead.');
  const images = last.images && last.images.length > 0 ? { userImages: last.images } : {};
  const run = await startRun(ctx, {
    session,
    model: request.model,
    goal: last.text,
    userText: last.text,
    rewindFrom: last.messageId,
    ...images,
  });
  return { type: 'run', runId: run.runId, conversationId: session.conversationId };
}

/** The conversation's session (busy while a run goes on) and its user messages as shown. */
async function prepare(
  ctx: AppContext,
  conversationId: string,
  model: string,
): Promise<{ session: ConversationSession; messages: Array<EventOf<'user-message'>> }> {
  const id = await ensureConversation(ctx, conversationId, '', model);
  const session = ctx.sessions.get(id);
  if (session.activeRun) throw new ContractError('busy', BUSY_MESSAGE);
  // A task waiting on the stack belongs to the part that is withdrawn.
  if (session.stack.depth() > 0) await abandonTask(ctx, session);
  await ctx.storage.conversations.flush();
  const snapshot = await ctx.storage.conversations.get(id);
  const messages = branchTree(snapshot?.events ?? [])
    .chosenEvents()
    .filter((event): event is EventOf<'user-message'> => event.type === 'user-message');
  if (session.activeRun) throw new ContractError('busy', BUSY_MESSAGE);
  return { session, messages };
}
