import { abortError } from './abort-error';

/** An open request: the event that announced it (it names the conversation) and its settlement. */
interface Entry<Event, Answer> {
  event: Event;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export interface OpenOptions<Event> {
  /** The request's id: issued by main (approvals, questions) or the run it pauses (depth). */
  key: string;
  /** Emitted once the request is open; kept to redraw its card. */
  event: Event;
  /** The run's signal: when it aborts, the request is withdrawn and the promise rejects. */
  signal: AbortSignal;
  /** After this long `onTimeout` runs (it settles the request as the broker decides). */
  timeoutMs?: number;
  onTimeout?: () => void;
  /** Runs when the signal withdraws the request, before the promise rejects. */
  onWithdrawn?: () => void;
}

export interface PendingRequests<Event extends { conversationId: string }, Answer> {
  /** Opens a request and emits its event; rejects at once (emitting nothing) when the signal already aborted. */
  open(options: OpenOptions<Event>): Promise<Answer>;
  /** The open request's event, or undefined. */
  get(key: string): Event | undefined;
  /** Closes the request with an answer; returns its event, or undefined when none was open. */
  settle(key: string, answer: Answer): Event | undefined;
  /** Closes the request with an error; false when none was open. */
  withdraw(key: string, error: Error): boolean;
  /** Withdraws every open request (shutdown); returns their keys. */
  withdrawAll(error: () => Error): string[];
  /** Copies of the open requests' events for one conversation. */
  pendingFor(conversationId: string): Event[];
}

/**
 * The waiting half of every broker that asks the user (approvals, questions, the depth prompt):
 * open requests by key, each with its timer and abort listener, settled exactly once — by an
 * answer, a timeout, the run's signal or shutdown. The brokers keep their own rules (who may
 * answer, what an answer must look like, what events close a request).
 */
export function createPendingRequests<Event extends { conversationId: string }, Answer>(options: {
  emit: (event: Event) => void;
  /** Names the request in the error of a withdrawal ("The approval request"). */
  what: string;
}): PendingRequests<Event, Answer> {
  const pending = new Map<string, Entry<Event, Answer>>();

  const close = (key: string): Entry<Event, Answer> | undefined => {
    const entry = pending.get(key);
    if (!entry) return undefined;
    pending.delete(key);
    entry.cleanup();
    return entry;
  };

  return {
    open({ key, event, signal, timeoutMs, onTimeout, onWithdrawn }) {
      if (signal.aborted) return Promise.reject(abortError(signal, options.what));
      return new Promise<Answer>((resolve, reject) => {
        const timer = timeoutMs !== undefined && onTimeout ? setTimeout(onTimeout, timeoutMs) : null;
        const onAbort = (): void => {
          if (pending.get(key)?.event !== event) return;
          close(key);
          onWithdrawn?.();
          reject(abortError(signal, options.what));
        };
        const cleanup = (): void => {
          if (timer) clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
        };
        pending.set(key, { event, resolve, reject, cleanup });
        signal.addEventListener('abort', onAbort, { once: true });
        options.emit(event);
      });
    },

    get: (key) => pending.get(key)?.event,

    settle(key, answer) {
      const entry = close(key);
      entry?.resolve(answer);
      return entry?.event;
    },

    withdraw(key, error) {
      const entry = close(key);
      entry?.reject(error);
      return entry !== undefined;
    },

    withdrawAll(error) {
      const keys = [...pending.keys()];
      for (const key of keys) close(key)?.reject(error());
      return keys;
    },

    pendingFor(conversationId) {
      return [...pending.values()].filter((entry) => entry.event.conversationId === conversationId).map((entry) => ({ ...entry.event }));
    },
  };
}

/** The error of a request withdrawn because TACO is shutting down. */
export function shutdownError(what: string): Error {
  const error = new Error(`${what} was withdrawn because TACO is shutting down.`);
  error.name = 'AbortError';
  return error;
}
