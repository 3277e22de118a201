import type { Root } from 'hast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockRequest } from './block-protocol';
import { createBlockRenderer, type BlockWorker } from './block-renderer';

const tree = (text: string): Root => ({ type: 'root', children: [{ type: 'text', value: text }] });
const flags = { math: true, highlight: false };

/** A worker that answers only when told to, so each step of the protocol can be seen. */
class FakeWorker implements BlockWorker {
  static started: FakeWorker[] = [];
  received: BlockRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(request: BlockRequest): void {
    this.received.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(index = this.received.length - 1): void {
    const request = this.received[index];
    if (request) this.onmessage?.({ data: { type: 'tree', id: request.id, tree: tree(`worker: ${request.text}`) } });
  }
}

function setup(startWorker: () => BlockWorker | null = () => new FakeWorker()) {
  const renderInThread = vi.fn(async (request: Omit<BlockRequest, 'id'>) => tree(`window: ${request.text}`));
  const renderer = createBlockRenderer({ startWorker, renderInThread, deadlineMs: 1000, cacheEntries: 4 });
  const show = (text: string) => {
    const listener = vi.fn();
    renderer.request(text, flags);
    const unsubscribe = renderer.subscribe(renderer.keyOf(text, flags), listener);
    return { listener, unsubscribe, state: () => renderer.request(text, flags) };
  };
  return { renderer, renderInThread, show };
}

beforeEach(() => {
  FakeWorker.started = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the markdown worker protocol', () => {
  it('renders a block in the worker, not in the window: pending until the worker answers with its tree', () => {
    const { show, renderInThread } = setup();
    const block = show('$$x^2$$');
    expect(block.state()).toEqual({ type: 'pending' });
    const worker = FakeWorker.started[0];
    expect(worker?.received).toEqual([{ id: 1, text: '$$x^2$$', math: true, highlight: false }]);
    worker?.answer();
    expect(block.listener).toHaveBeenCalledTimes(1);
    expect(block.state()).toEqual({ type: 'tree', tree: tree('worker: $$x^2$$') });
    expect(renderInThread).not.toHaveBeenCalled();
  });

  it('sends one block at a time, in the order they were shown, and skips a block scrolled away before its turn', () => {
    const { show } = setup();
    show('first');
    const second = show('second');
    show('third');
    const worker = FakeWorker.started[0];
    expect(worker?.received.map((request) => request.text)).toEqual(['first']);
    second.unsubscribe();
    worker?.answer();
    expect(worker?.received.map((request) => request.text)).toEqual(['first', 'third']);
  });

  it('keeps results per source: the same block shown again is not sent again', () => {
    const { show } = setup();
    const first = show('same');
    FakeWorker.started[0]?.answer();
    first.unsubscribe();
    const again = show('same');
    expect(again.state()).toMatchObject({ type: 'tree' });
    expect(FakeWorker.started[0]?.received).toHaveLength(1);
  });

  it('ignores an answer that is not a tree or a failure for the block in flight', () => {
    const { show } = setup();
    const block = show('block');
    const worker = FakeWorker.started[0];
    worker?.onmessage?.({ data: { type: 'tree', id: 1, tree: { type: 'not-a-root' } } });
    worker?.onmessage?.({ data: { type: 'tree', id: 99, tree: tree('other') } });
    expect(block.state()).toEqual({ type: 'pending' });
    worker?.onmessage?.({ data: { type: 'failed', id: 1, message: 'parser broke' } });
    expect(block.state()).toEqual({ type: 'failed', message: 'parser broke' });
  });

  it('stops a worker past the deadline: that block shows as text with the reason, a new worker takes the rest', () => {
    vi.useFakeTimers();
    const { show } = setup();
    const slow = show('slow');
    const next = show('next');
    vi.advanceTimersByTime(1000);
    expect(FakeWorker.started[0]?.terminated).toBe(true);
    expect(slow.state()).toEqual({ type: 'failed', message: expect.stringContaining('longer than 1 s') });
    const replacement = FakeWorker.started[1];
    expect(replacement?.received.map((request) => request.text)).toEqual(['next']);
    replacement?.answer();
    expect(next.state()).toMatchObject({ type: 'tree' });
  });

  it('renders in the window, one block per task, where there is no worker or it cannot load', async () => {
    vi.useFakeTimers();
    const none = setup(() => null);
    const block = none.show('no worker');
    await vi.advanceTimersByTimeAsync(0);
    expect(block.state()).toEqual({ type: 'tree', tree: tree('window: no worker') });

    const broken = setup();
    const first = broken.show('first');
    FakeWorker.started[0]?.onerror?.(new Event('error'));
    expect(FakeWorker.started[0]?.terminated).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.state()).toEqual({ type: 'tree', tree: tree('window: first') });
    expect(broken.renderInThread).toHaveBeenCalledTimes(1);
  });
});
