import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../shared/contract/events';
import type { EventListener, WsBenchClient } from '../services/ws-bench-client';
import { watchWave } from './concurrent-wave';

/** A client that records the calls and lets the test deliver event batches with a chosen arrival time. */
function fakeClient() {
  const listeners = new Set<EventListener>();
  const calls: Array<{ name: string; request: unknown }> = [];
  const client: WsBenchClient = {
    call: <T>(name: string, request: unknown) => {
      calls.push({ name, request });
      return Promise.resolve(undefined as T);
    },
    finished: () => new Promise(() => undefined),
    onEvents: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => undefined,
  };
  const deliver = (at: number, events: TacoEvent[]): void => {
    for (const listener of [...listeners]) listener(events, at);
  };
  return { client, calls, deliver, listening: () => listeners.size };
}

const run = { runId: 'r' };
const user = (conversationId: string, task: number) =>
  ({ type: 'user-message', conversationId, messageId: `m${task}`, text: `task ${task}`, at: 0 }) as TacoEvent;
const question = (conversationId: string) =>
  ({ ...run, type: 'question', conversationId, questionId: `q-${conversationId}`, callId: 'c', question: 'Go on?' }) as TacoEvent;
const text = (conversationId: string) => ({ ...run, type: 'text-delta', conversationId, text: 'Task ' }) as TacoEvent;
const finish = (conversationId: string, reason = 'complete') => ({ ...run, type: 'run-finish', conversationId, reason }) as TacoEvent;

describe('watchWave', () => {
  it('answers only once every conversation asked, and reports how long all of them streamed together', async () => {
    const { client, calls, deliver, listening } = fakeClient();
    const watch = watchWave(client, [1, 2], 60_000);
    deliver(0, [user('a', 1), user('x', 99), question('a'), text('a')]);
    expect(calls).toEqual([]);
    deliver(1, [user('b', 2), question('b')]);
    expect(calls.map((made) => made.request)).toEqual([
      { questionId: 'q-a', answer: 'go on' },
      { questionId: 'q-b', answer: 'go on' },
    ]);
    deliver(2, [text('a'), text('x')]);
    deliver(5, [text('b'), text('a')]);
    deliver(9, [finish('a')]);
    deliver(12, [finish('b')]);
    await expect(watch.done).resolves.toEqual({ conversations: 2, overlapMs: 4, spanMs: 11 });
    expect(listening()).toBe(0);
  });

  it('fails a wave whose conversations never streamed at the same time', async () => {
    const { client, deliver } = fakeClient();
    const watch = watchWave(client, [1, 2], 60_000);
    deliver(0, [user('a', 1), question('a'), user('b', 2), question('b')]);
    deliver(2, [text('a')]);
    deliver(3, [finish('a')]);
    deliver(4, [text('b')]);
    deliver(5, [finish('b')]);
    await expect(watch.done).rejects.toThrow(/never all streaming at once/);
  });

  it('fails a wave with a run that did not complete, or one that finished before the barrier', async () => {
    const first = fakeClient();
    const stopped = watchWave(first.client, [1, 2], 60_000);
    first.deliver(0, [user('a', 1), question('a'), user('b', 2), question('b')]);
    first.deliver(1, [text('a'), text('b'), finish('a', 'stopped'), finish('b')]);
    await expect(stopped.done).rejects.toThrow(/ended with stopped/);

    const second = fakeClient();
    const early = watchWave(second.client, [1, 2], 60_000);
    second.deliver(0, [user('a', 1), question('a'), finish('a', 'error'), user('b', 2), question('b')]);
    await expect(early.done).rejects.toThrow(/finished before every conversation asked/);
  });
});
