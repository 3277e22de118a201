import { randomUUID } from 'node:crypto';
import { DEFAULTS } from '../../../shared/constants';
import type { EventOf, TacoEvent } from '../../../shared/contract/events';
import { abortError } from '../orchestration/abort-error';

export interface ConfirmRequest {
  runId: string;
  conversationId: string;
  /** The workflow step asking. */
  index: number;
  message: string;
}

/** A workflow `confirm` step waits here: true when the user accepts; rejects only when `signal` aborts. */
export interface ConfirmGate {
  confirm(request: ConfirmRequest, signal: AbortSignal): Promise<boolean>;
}

export interface ConfirmBroker {
  gate: ConfirmGate;
  /** The renderer's answer (`workflows.confirm`); refused for ids main did not issue or already answered. */
  respond(confirmId: string, accept: boolean): { accepted: boolean; message: string | null };
  pendingFor(conversationId: string): Array<EventOf<'workflow-confirm'>>;
  dispose(): void;
}

interface Pending {
  event: EventOf<'workflow-confirm'>;
  settle: (accepted: boolean) => void;
  fail: (error: Error) => void;
}

/**
 * Main's side of confirm steps, like the approval broker: main issues the id, emits
 * `workflow-confirm`, and settles on a valid answer (`workflow-confirmed`), on timeout (declined),
 * or withdraws on Stop. An id never issued or already answered is refused in words.
 */
export function createConfirmBroker(options: {
  emit: (event: TacoEvent) => void;
  newId?: () => string;
  timeoutMs?: number;
}): ConfirmBroker {
  const newId = options.newId ?? randomUUID;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.workflows.confirmTimeoutMs;
  const pending = new Map<string, Pending>();
  const answered = new Set<string>();

  const settle = (confirmId: string, accepted: boolean): void => {
    const entry = pending.get(confirmId);
    if (!entry) return;
    pending.delete(confirmId);
    answered.add(confirmId);
    const { runId, conversationId } = entry.event;
    options.emit({ type: 'workflow-confirmed', runId, conversationId, confirmId, accepted });
    entry.settle(accepted);
  };

  return {
    gate: {
      confirm(request, signal) {
        if (signal.aborted) return Promise.reject(abortError(signal, 'The confirmation'));
        return new Promise((resolve, reject) => {
          const confirmId = newId();
          const event: EventOf<'workflow-confirm'> = { type: 'workflow-confirm', ...request, confirmId };
          const timer = setTimeout(() => settle(confirmId, false), timeoutMs);
          const onAbort = (): void => {
            const entry = pending.get(confirmId);
            if (!entry) return;
            pending.delete(confirmId);
            answered.add(confirmId);
            entry.fail(abortError(signal, 'The confirmation'));
          };
          const cleanup = (): void => {
            clearTimeout(timer);
            signal.removeEventListener('abort', onAbort);
          };
          pending.set(confirmId, {
            event,
            settle: (accepted) => {
              cleanup();
              resolve(accepted);
            },
            fail: (error) => {
              cleanup();
              reject(error);
            },
          });
          signal.addEventListener('abort', onAbort, { once: true });
          options.emit(event);
        });
      },
    },
    respond(confirmId, accept) {
      if (!pending.has(confirmId)) {
        return {
          accepted: false,
          message: answered.has(confirmId)
            ? 'This step was already answered or withdrawn. Nothing changed.'
            : 'No confirmation with this id is open. Answer the card shown in the conversation.',
        };
      }
      settle(confirmId, accept);
      return { accepted: true, message: null };
    },
    pendingFor(conversationId) {
      return [...pending.values()].filter((entry) => entry.event.conversationId === conversationId).map((entry) => ({ ...entry.event }));
    },
    dispose() {
      for (const [confirmId, entry] of [...pending]) {
        pending.delete(confirmId);
        const error = new Error('The confirmation was withdrawn because TACO is shutting down.');
        error.name = 'AbortError';
        entry.fail(error);
      }
    },
  };
}

/** The CLI's gate (`--confirm yes|no`): answers at once, and still emits both events for --json. */
export function createFixedConfirmGate(answer: boolean, emit: (event: TacoEvent) => void, newId: () => string = randomUUID): ConfirmGate {
  return {
    confirm(request, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal, 'The confirmation'));
      const confirmId = newId();
      emit({ type: 'workflow-confirm', ...request, confirmId });
      emit({ type: 'workflow-confirmed', runId: request.runId, conversationId: request.conversationId, confirmId, accepted: answer });
      return Promise.resolve(answer);
    },
  };
}
