/** Side requests naming conversations, so a delete or shutdown can stop them before they write. */
export interface TitleRequests {
  /** A signal for this conversation's title request; aborted by cancel() and abortAll(). */
  start(conversationId: string): AbortSignal;
  finish(conversationId: string, signal: AbortSignal): void;
  cancel(conversationId: string): void;
  abortAll(): void;
}

export function createTitleRequests(): TitleRequests {
  const open = new Map<string, AbortController>();
  let closed = false;
  return {
    start(conversationId) {
      const controller = new AbortController();
      if (closed) controller.abort();
      open.get(conversationId)?.abort();
      open.set(conversationId, controller);
      return controller.signal;
    },
    finish(conversationId, signal) {
      if (open.get(conversationId)?.signal === signal) open.delete(conversationId);
    },
    cancel(conversationId) {
      open.get(conversationId)?.abort();
      open.delete(conversationId);
    },
    abortAll() {
      closed = true;
      for (const controller of open.values()) controller.abort();
      open.clear();
    },
  };
}
