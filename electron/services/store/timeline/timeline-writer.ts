import { DEFAULTS } from '../../../../shared/constants';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { TacoEvent, TacoEventType } from '../../../../shared/contract/events';
import type { ConversationStore } from '../conversations/conversation-store';

export interface TimelineWriterOptions {
  /** Buffered events reach the disk at most this long after they arrive. */
  flushIntervalMs?: number;
  /** Where write failures are reported. Default: console.warn. */
  log?: (message: string) => void;
}

export interface TimelineWriter {
  write(events: TacoEvent | readonly TacoEvent[]): void;
  /** Writes everything buffered so far. */
  flush(): Promise<void>;
  /** Flushes; later writes go straight to disk. */
  close(): Promise<void>;
}

/**
 * Events that matter too much to wait for the next tick: the user's prompt, the end of a run,
 * and anything a run is paused on (so a paused workflow survives a crash).
 */
const FLUSH_AT_ONCE: ReadonlySet<TacoEventType> = new Set<TacoEventType>([
  'user-message',
  'run-finish',
  'approval-request',
  'question',
  'depth-limit',
]);

/**
 * Buffers a conversation's events and appends them in batches: at least every
 * `flushIntervalMs` (500 ms) while events arrive, at once for the events above, and on
 * flush()/close(). Streamed text reaches the disk within 500 ms without one write per token.
 * A failed write keeps its events and is retried on the next flush.
 */
export function createTimelineWriter(
  store: ConversationStore,
  conversationId: string,
  options: TimelineWriterOptions = {},
): TimelineWriter {
  const flushIntervalMs = options.flushIntervalMs ?? DEFAULTS.timelineFlushIntervalMs;
  const log = options.log ?? ((message: string) => console.warn(`[timeline] ${message}`));
  let buffer: TacoEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();
  let failing = false;

  const writeBatch = async (): Promise<void> => {
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    try {
      await store.append(conversationId, batch);
      failing = false;
    } catch (error) {
      if (error instanceof ContractError && error.code === 'not-found') {
        log(`Conversation ${conversationId} no longer exists; ${batch.length} event(s) were not saved.`);
        return;
      }
      buffer = [...batch, ...buffer];
      if (!failing)
        log(`Could not save conversation ${conversationId} (${error instanceof Error ? error.message : String(error)}); will retry.`);
      failing = true;
      if (!closed) arm();
    }
  };

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    chain = chain.then(writeBatch);
    return chain;
  };

  function arm(): void {
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, flushIntervalMs);
  }

  return {
    write(events) {
      const list: readonly TacoEvent[] = Array.isArray(events) ? events : [events as TacoEvent];
      if (list.length === 0) return;
      buffer.push(...list);
      if (closed || list.some((event) => FLUSH_AT_ONCE.has(event.type))) void flush();
      else arm();
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
