import type { EventHub } from '../events/event-hub';

/** The answer a new conversation's first run streams, kept as it goes out, for its title. */
export interface StreamedAnswer {
  /** The text-deltas of run `runId` so far, joined; stops keeping what comes later. */
  take(runId: string): string;
  /** Stops keeping (the run did not start). */
  stop(): void;
}

/**
 * Keeps the text-deltas of one conversation as the hub emits them, by run. Started before the
 * run so no delta can pass first. The title needs the answer the user saw: reading it back from
 * the timeline meant flushing every conversation's writes and parsing the file on disk while
 * other conversations were streaming.
 */
export function watchStreamedAnswer(hub: Pick<EventHub, 'observe'>, conversationId: string): StreamedAnswer {
  const pieces = new Map<string, string[]>();
  const stop = hub.observe((event) => {
    if (event.type !== 'text-delta' || event.conversationId !== conversationId) return;
    const run = pieces.get(event.runId);
    if (run) run.push(event.text);
    else pieces.set(event.runId, [event.text]);
  });
  return {
    take(runId) {
      stop();
      const text = (pieces.get(runId) ?? []).join('');
      pieces.clear();
      return text;
    },
    stop() {
      stop();
      pieces.clear();
    },
  };
}
