import { randomUUID } from 'node:crypto';
import { DEFAULTS } from '../../../shared/constants';
import type { EventOf, TacoEvent } from '../../../shared/contract/events';
import { abortError } from './abort-error';
import { createPendingRequests, shutdownError } from './pending-requests';
import type { QuestionGate } from './orchestration-types';

export interface QuestionBrokerOptions {
  emit: (event: TacoEvent) => void;
  newId?: () => string;
}

export interface QuestionBroker {
  gate: QuestionGate;
  /** The user's answer to an open question; refused for ids main did not issue or already answered. */
  answer(questionId: unknown, answer: unknown): { accepted: boolean };
  /** Open questions of a conversation, as their `question` events. */
  pendingFor(conversationId: string): Array<EventOf<'question'>>;
  /** Withdraws every open question. */
  dispose(): void;
}

const WHAT = 'The question';

/** Main's side of `ask_user`: emits `question`, waits for `question.answer`, emits `question-answered`. */
export function createQuestionBroker(options: QuestionBrokerOptions): QuestionBroker {
  const { emit } = options;
  const newId = options.newId ?? randomUUID;
  const pending = createPendingRequests<EventOf<'question'>, string>({ emit, what: WHAT });

  const gate: QuestionGate = {
    ask(request, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal, WHAT));
      const questionId = newId();
      return pending.open({
        key: questionId,
        event: {
          type: 'question',
          runId: request.runId,
          conversationId: request.conversationId,
          questionId,
          callId: request.callId,
          question: request.question,
        },
        signal,
      });
    },
  };

  return {
    gate,

    answer(questionId, answer) {
      if (typeof questionId !== 'string' || typeof answer !== 'string' || answer.length > DEFAULTS.maxMessageChars)
        return { accepted: false };
      const event = pending.settle(questionId, answer);
      if (!event) return { accepted: false };
      const { runId, conversationId } = event;
      emit({ type: 'question-answered', runId, conversationId, questionId, answer });
      return { accepted: true };
    },

    pendingFor: (conversationId) => pending.pendingFor(conversationId),

    dispose() {
      pending.withdrawAll(() => shutdownError(WHAT));
    },
  };
}
