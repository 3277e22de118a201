import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPendingRequests } from './pending-requests';

interface Asked {
  conversationId: string;
  id: string;
}

function setup() {
  const emitted: Asked[] = [];
  const pending = createPendingRequests<Asked, string>({ emit: (event) => emitted.push(event), what: 'The test request' });
  return { emitted, pending };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createPendingRequests: the waiting half of every broker', () => {
  it('emits the event when opened and resolves once with the answer', async () => {
    const { emitted, pending } = setup();
    const answer = pending.open({ key: 'k1', event: { conversationId: 'c1', id: 'k1' }, signal: new AbortController().signal });
    expect(emitted).toEqual([{ conversationId: 'c1', id: 'k1' }]);
    expect(pending.pendingFor('c1')).toEqual([{ conversationId: 'c1', id: 'k1' }]);
    expect(pending.pendingFor('c2')).toEqual([]);
    expect(pending.settle('k1', 'yes')).toEqual({ conversationId: 'c1', id: 'k1' });
    expect(pending.settle('k1', 'again')).toBeUndefined();
    await expect(answer).resolves.toBe('yes');
    expect(pending.get('k1')).toBeUndefined();
  });

  it('an aborted signal rejects without emitting; an abort later withdraws the request', async () => {
    const { emitted, pending } = setup();
    const stopped = new AbortController();
    stopped.abort('stopped');
    await expect(pending.open({ key: 'k0', event: { conversationId: 'c1', id: 'k0' }, signal: stopped.signal })).rejects.toThrow(
      'The test request was withdrawn because the run stopped.',
    );
    expect(emitted).toEqual([]);

    const controller = new AbortController();
    const withdrawn = vi.fn();
    const answer = pending.open({
      key: 'k1',
      event: { conversationId: 'c1', id: 'k1' },
      signal: controller.signal,
      onWithdrawn: withdrawn,
    });
    controller.abort('stopped');
    await expect(answer).rejects.toThrow(/withdrawn because the run stopped/);
    expect(withdrawn).toHaveBeenCalledTimes(1);
    expect(pending.settle('k1', 'late')).toBeUndefined();
  });

  it('runs onTimeout after timeoutMs, and a settled request never times out', async () => {
    vi.useFakeTimers();
    const { pending } = setup();
    const signal = new AbortController().signal;
    const answer = pending.open({
      key: 'k1',
      event: { conversationId: 'c1', id: 'k1' },
      signal,
      timeoutMs: 1000,
      onTimeout: () => pending.settle('k1', 'timeout'),
    });
    const onTimeout = vi.fn();
    const other = pending.open({ key: 'k2', event: { conversationId: 'c1', id: 'k2' }, signal, timeoutMs: 1000, onTimeout });
    pending.settle('k2', 'answered');
    vi.advanceTimersByTime(1000);
    await expect(answer).resolves.toBe('timeout');
    await expect(other).resolves.toBe('answered');
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('withdrawAll rejects every open request and names their keys', async () => {
    const { pending } = setup();
    const signal = new AbortController().signal;
    const first = pending.open({ key: 'a', event: { conversationId: 'c1', id: 'a' }, signal });
    const second = pending.open({ key: 'b', event: { conversationId: 'c2', id: 'b' }, signal });
    expect(pending.withdrawAll(() => new Error('shutting down'))).toEqual(['a', 'b']);
    await expect(first).rejects.toThrow('shutting down');
    await expect(second).rejects.toThrow('shutting down');
    expect(pending.withdraw('a', new Error('again'))).toBe(false);
  });
});
