/**
 * The app services in this process, as a host holds them, for the figures that measure main
 * from `chat.send` to events reaching a subscriber. The fake Ollama server runs in its own
 * process so its work never counts as ours.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TacoEvent } from '../../shared/contract/events';
import { createAppServices, type AppServices } from '../../electron/services/app/app-services';
import { startFakeOllamaProcess } from '../runner/bench-processes';

/** What the harness notes of one conversation as its events arrive. */
export interface ConversationMarks {
  /** performance.now() when its first text-delta reached the subscriber. */
  firstTextAt: number | null;
  finishedAt: number | null;
  finishReason: string | null;
  events: number;
}

export interface ServicesHarness {
  services: AppServices;
  ollamaUrl: string;
  /** Sends a message in a new conversation; resolves with its conversation id. */
  send(text: string, model: string): Promise<string>;
  /** Resolves once the conversation's marks satisfy `condition` (checked as events arrive). */
  until(conversationId: string, condition: (marks: ConversationMarks) => boolean): Promise<ConversationMarks>;
  /** Resolves once no batch has reached the subscriber for `ms` (the hub is quiet, as before a user's send). */
  quiet(ms: number): Promise<void>;
  /** Drops what was noted of a conversation (a soak must not grow its own bookkeeping). */
  forget(conversationId: string): void;
  close(): Promise<void>;
}

/**
 * `onEvent` sees every event (e.g. to answer a question). Marks are kept per conversation id and
 * checked against waiters each batch, so an event that arrives before anyone waits is not missed.
 */
export async function startServicesHarness(
  scenario: string,
  onEvent?: (event: TacoEvent, services: AppServices) => void,
): Promise<ServicesHarness> {
  const fake = await startFakeOllamaProcess(scenario);
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-services-'));
  const services = await createAppServices({ dataDir, ollamaHost: fake.url, openExternal: async () => undefined });
  const marks = new Map<string, ConversationMarks>();
  let waiters: Array<{
    conversationId: string;
    condition: (marks: ConversationMarks) => boolean;
    done: (marks: ConversationMarks) => void;
  }> = [];
  const marksOf = (conversationId: string): ConversationMarks => {
    let found = marks.get(conversationId);
    if (!found) marks.set(conversationId, (found = { firstTextAt: null, finishedAt: null, finishReason: null, events: 0 }));
    return found;
  };
  let lastBatchAt = Number.NEGATIVE_INFINITY;
  const unsubscribe = services.subscribe((batch) => {
    const at = performance.now();
    lastBatchAt = at;
    for (const event of batch) {
      onEvent?.(event, services);
      const conversationId = 'conversationId' in event ? event.conversationId : null;
      if (!conversationId) continue;
      const mark = marksOf(conversationId);
      mark.events += 1;
      if (event.type === 'text-delta' && mark.firstTextAt === null) mark.firstTextAt = at;
      if (event.type === 'run-finish') {
        mark.finishedAt = at;
        mark.finishReason = event.reason;
      }
    }
    if (waiters.length === 0) return;
    const ready = waiters.filter((waiter) => waiter.condition(marksOf(waiter.conversationId)));
    if (ready.length === 0) return;
    waiters = waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.done(marksOf(waiter.conversationId));
  });
  return {
    services,
    ollamaUrl: fake.url,
    async send(text, model) {
      const envelope = (await services.handle('chat.send', { conversationId: null, text, model })) as {
        ok: boolean;
        value?: { conversationId?: string };
        error?: { message: string };
      };
      const conversationId = envelope.value?.conversationId;
      if (!envelope.ok || !conversationId) throw new Error(`chat.send failed: ${envelope.error?.message ?? 'no conversation'}`);
      return conversationId;
    },
    until: (conversationId, condition) =>
      new Promise((done) => {
        const mark = marksOf(conversationId);
        if (condition(mark)) done(mark);
        else waiters.push({ conversationId, condition, done });
      }),
    async quiet(ms) {
      for (;;) {
        const left = lastBatchAt + ms - performance.now();
        if (left <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
      }
    },
    forget: (conversationId) => {
      marks.delete(conversationId);
    },
    async close() {
      unsubscribe();
      await services.dispose();
      await fake.process.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
