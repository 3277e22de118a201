import { randomUUID } from 'node:crypto';
import { DEFAULTS } from '../../../shared/constants';
import type { EventOf, TacoEvent } from '../../../shared/events';
import { abortError } from './abort-error';
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

interface Pending {
  event: EventOf<'question'>;
  settle: (answer: string) => void;
  fail: (error: Error) => void;
}

/** Main's side of `ask_user`: emits `question`, waits for `question.answer`, emits `question-answered`. */
export function createQuestionBroker(options: QuestionBrokerOptions): QuestionBroker {
  const { emit } = options;
  const newId = options.newId ?? randomUUID;
  const pending = new Map<string, Pending>();

  const gate: QuestionGate = {
    ask(request, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal, 'The question'));
      return new Promise((resolve, reject) => {
        const questionId = newId();
        const event: EventOf<'question'> = {
          type: 'question',
          runId: request.runId,
          conversationId: request.conversationId,
          questionId,
          callId: request.callId,
          question: request.question,
        };
        const onAbort = (): void => {
          const entry = pending.get(questionId);
          if (!entry) return;
          pending.delete(questionId);
          entry.fail(abortError(signal, 'The question'));
        };
        pending.set(questionId, {
          event,
          settle: (answer) => {
            signal.removeEventListener('abort', onAbort);
            resolve(answer);
          },
          fail: (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        signal.addEventListener('abort', onAbort, { once: true });
        emit(event);
      });
    },
  };

  return {
    gate,

    answer(questionId, answer) {
      if (typeof questionId !== 'string' || typeof answer !== 'string' || answer.length > DEFAULTS.maxMessageChars)
        return { accepted: false };
      const entry = pending.get(questionId);
      if (!entry) return { accepted: false };
      pending.delete(questionId);
      const { runId, conversationId } = entry.event;
      emit({ type: 'question-answered', runId, conversationId, questionId, answer });
      entry.settle(answer);
      return { accepted: true };
    },

    pendingFor(conversationId) {
      return [...pending.values()].filter((entry) => entry.event.conversationId === conversationId).map((entry) => ({ ...entry.event }));
    },

    dispose() {
      for (const [questionId, entry] of [...pending]) {
        pending.delete(questionId);
        const error = new Error('The question was withdrawn because TACO is shutting down.');
        error.name = 'AbortError';
        entry.fail(error);
      }
    },
  };
}
