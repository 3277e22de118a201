import { CONTINUE_PROMPT, parseSlashCommand, type SlashCommand } from '../../../../shared/conversations/commands';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { SendResult, ValidCallRequest } from '../../../../shared/contract/contract';
import type { AppContext } from '../app-context';
import { detectContextSwitch, type ContextSwitchVerdict } from '../../orchestration/context-switch';
import type { ConversationSession } from '../runs/conversation-sessions';
import { noteAttachments } from '../images/attachment-documents';
import { checkImageData, checkVision } from '../images/image-checks';
import { checkModelServer } from '../runs/model-server-check';
import { startRun } from '../runs/run-launcher';
import { titleFromText } from '../titles/title-from-text';
import { scheduleTitle } from '../titles/title-scheduler';
import { watchStreamedAnswer } from '../titles/streamed-answer';
import { abandonTask, hasPendingTask } from '../runs/task-control';
import { ensureConversation } from './conversations/conversation-handlers';
import { runSlashCommand } from './slash-commands';
import { readAttachedResources } from './attached-resources';

export { CONTINUE_PROMPT };

/**
 * chat.send, in this order: slash commands; empty input while a task is pending
 * ("Continue with current task? (y/n)") and its answer; a reply typed while a tool waits for the
 * user (the answer, or a context switch that abandons the task); a message while frames wait on
 * the stack (a context switch clears them); otherwise a new run.
 */
export async function sendMessage(ctx: AppContext, request: ValidCallRequest<'chat.send'>): Promise<SendResult> {
  const text = request.text.trim();
  const images = request.images ?? [];
  checkImageData(images);
  const command = parseSlashCommand(text);
  if (command) {
    if (request.conversationId === null) return draftCommand(ctx, text, command);
    const conversationId = await ensureConversation(ctx, request.conversationId, text, request.model);
    const output = await runSlashCommand(ctx, ctx.sessions.get(conversationId), command);
    return commandResult(ctx, conversationId, text, output);
  }

  if (text === '') {
    const session = request.conversationId === null ? undefined : ctx.sessions.find(request.conversationId);
    if (!session || !hasPendingTask(session)) {
      throw new ContractError('invalid-payload', 'chat.send: "text" is empty. Type a message to send.');
    }
    session.awaitingContinueAnswer = true;
    return commandResult(ctx, session.conversationId, '', CONTINUE_PROMPT);
  }

  // Refused before a new conversation is stored for it: never a fallback to another server.
  checkModelServer(ctx, request.model);
  // Read before anything is created or answered: a resource that cannot be read refuses the send whole.
  const resources = await readAttachedResources(ctx.mcp, request.resources ?? []);
  const conversationId = await ensureConversation(ctx, request.conversationId, text, request.model, request.projectId);
  const session = ctx.sessions.get(conversationId);
  // What the conversation's MCP apps told the model since the last message goes with this one, as resources (shown as chips).
  const carried = [...resources, ...ctx.mcpApps.takeContexts(conversationId)];

  if (session.awaitingContinueAnswer) {
    session.awaitingContinueAnswer = false;
    const answer = yesOrNo(text);
    if (answer === 'yes') return continueTask(ctx, session, text, request.model);
    if (answer === 'no') {
      await abandonTask(ctx, session);
      return commandResult(
        ctx,
        conversationId,
        text,
        'Abandoned the task and cleared the tool stack. You are back in normal conversation.',
      );
    }
  }

  const question = session.pendingQuestion;
  const paused = session.activeRun;
  if (question && paused && question.runId === paused.runId) {
    const verdict = await contextSwitch(ctx, session, question.question, text, request.model);
    if (verdict === 'same-task') {
      const answered = ctx.brokers.questions.answer(question.questionId, text);
      if (answered.accepted) return { type: 'run', runId: paused.runId, conversationId };
    } else {
      await abandonTask(ctx, session);
    }
  } else if (!paused && session.stack.depth() > 0) {
    // Frames wait on the stack with no run going (a tool waiting for another, a stopped run):
    // a message about something else clears them (seed tool-orchestration), one about the task keeps them.
    const verdict = await contextSwitch(ctx, session, 'the task in progress', text, request.model);
    if (verdict === 'new-request') await abandonTask(ctx, session);
  }

  if (images.length > 0) await checkVision(ctx.provider.current(), request.model);
  // Before the run, so its list_documents/search_documents already find them; their descriptions
  // wait for the run to start and then to end, never going in front of its steps.
  let started: () => void = () => undefined;
  const runStarted = new Promise<void>((resolve) => (started = resolve));
  if (images.length > 0) {
    const note = { conversationId, images, userText: text, model: request.model, runStarted };
    // A record that could not be written must not cost the user the message.
    await noteAttachments(ctx.documents, note).catch(() => []);
  }
  // A new conversation's title reads the answer as it streams, so the watch starts before the run.
  const answer = request.conversationId === null ? watchStreamedAnswer(ctx.hub, conversationId) : null;
  const run = await startRun(ctx, {
    session,
    model: request.model,
    goal: text,
    userText: text,
    ...(images.length > 0 ? { userImages: images } : {}),
    ...(carried.length > 0 ? { userResources: carried } : {}),
    fresh: request.conversationId === null,
  })
    .catch((error: unknown) => {
      answer?.stop();
      throw error;
    })
    .finally(() => started());
  if (answer) scheduleTitle(ctx, run, { fallbackTitle: titleFromText(text), question: text, answer });
  return { type: 'run', runId: run.runId, conversationId };
}

async function continueTask(ctx: AppContext, session: ConversationSession, text: string, model: string): Promise<SendResult> {
  if (session.activeRun) {
    return commandResult(ctx, session.conversationId, text, 'The task is still in progress. If it waits for you, answer the card above.');
  }
  if (!session.lastGoal) {
    await abandonTask(ctx, session);
    return commandResult(ctx, session.conversationId, text, 'There is no task to continue; the tool stack is cleared.');
  }
  const run = await startRun(ctx, { session, model, goal: session.lastGoal, userText: null });
  return { type: 'run', runId: run.runId, conversationId: session.conversationId };
}

/** Same task → the text answers the question; new request → abandon. A failed check keeps the task. */
async function contextSwitch(
  ctx: AppContext,
  session: ConversationSession,
  question: string,
  reply: string,
  model: string,
): Promise<ContextSwitchVerdict> {
  const provider = ctx.provider.current();
  const task = session.activeRun?.goal ?? session.lastGoal;
  try {
    return await detectContextSwitch({
      complete: (request) => provider.complete(request),
      model,
      pending: task ? `${question} (while working on: ${task})` : question,
      reply,
      signal: session.activeRun?.controller.signal ?? new AbortController().signal,
    });
  } catch {
    return 'same-task';
  }
}

/**
 * A command typed in a new chat (/help, /tools, …) is answered there and stores nothing: no
 * conversation, no event. It runs against a session no conversation owns, forgotten at once.
 */
async function draftCommand(ctx: AppContext, text: string, command: SlashCommand): Promise<SendResult> {
  const draftId = `draft-${ctx.newId()}`;
  try {
    const output = await runSlashCommand(ctx, ctx.sessions.get(draftId), command);
    return { type: 'command', conversationId: null, command: text, output };
  } finally {
    ctx.sessions.forget(draftId);
  }
}

function commandResult(ctx: AppContext, conversationId: string, command: string, output: string): SendResult {
  ctx.hub.emit({ type: 'command-output', conversationId, command, output, at: ctx.now() });
  return { type: 'command', conversationId, command, output };
}

function yesOrNo(text: string): 'yes' | 'no' | null {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');
  if (word === 'y' || word === 'yes') return 'yes';
  if (word === 'n' || word === 'no') return 'no';
  return null;
}
