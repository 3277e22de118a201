import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../shared/contract/events';
import type { EventListener, WsBenchClient } from './ws-bench-client';
import { watchTitles } from './title-watch';

/** A client whose event batches the test delivers. */
function fakeClient() {
  const listeners = new Set<EventListener>();
  const client: Pick<WsBenchClient, 'onEvents'> = {
    onEvents: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const deliver = (...events: TacoEvent[]): void => {
    for (const listener of [...listeners]) listener(events, 0);
  };
  return { client, deliver, listening: () => listeners.size };
}

const finish = (conversationId: string) => ({ type: 'run-finish', conversationId, runId: 'r', reason: 'complete' }) as TacoEvent;
const updated = (conversationId: string, title: string) =>
  ({ type: 'conversation-updated', conversationId, summary: { conversationId, title } }) as unknown as TacoEvent;

afterEach(() => {
  vi.useRealTimers();
});

describe('watchTitles', () => {
  it('settles once every conversation had an update after its run-finish, counting a title that came before the ask', async () => {
    const { client, deliver } = fakeClient();
    const watch = watchTitles(client);
    // The model noted at the run's start is an update before the finish: not the title.
    deliver(updated('a', 'task 1'), updated('b', 'task 2'), finish('a'), updated('a', 'Task one'), finish('b'));
    let settled: unknown = null;
    const waiting = watch.settled(['a', 'b'], 60_000).then((result) => (settled = result));
    await Promise.resolve();
    expect(settled).toBeNull();
    deliver(updated('b', 'Task two'));
    await waiting;
    expect(settled).toEqual({ titled: 2, missing: 0 });
    watch.stop();
  });

  it('gives up after the bound on a title that never comes, and says how many are missing', async () => {
    vi.useFakeTimers();
    const { client, deliver } = fakeClient();
    const watch = watchTitles(client);
    deliver(finish('a'), finish('b'), updated('a', 'Task one'));
    const waiting = watch.settled(['a', 'b'], 3000);
    await vi.advanceTimersByTimeAsync(2999);
    let settled: unknown = null;
    void waiting.then((result) => (settled = result));
    await Promise.resolve();
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toEqual({ titled: 1, missing: 1 });
    watch.stop();
  });

  it('forgets a settled wave, so a later run of the same conversation waits for its own title', async () => {
    const { client, deliver, listening } = fakeClient();
    const watch = watchTitles(client);
    deliver(finish('a'), updated('a', 'Task one'));
    expect(await watch.settled(['a'], 60_000)).toEqual({ titled: 1, missing: 0 });
    deliver(updated('a', 'Renamed before the next run'));
    let settled: unknown = null;
    const waiting = watch.settled(['a'], 60_000).then((result) => (settled = result));
    await Promise.resolve();
    expect(settled).toBeNull();
    deliver(finish('a'), updated('a', 'Task one again'));
    await waiting;
    expect(settled).toEqual({ titled: 1, missing: 0 });
    watch.stop();
    expect(listening()).toBe(0);
  });
});
