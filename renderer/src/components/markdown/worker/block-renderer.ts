import type { Root } from 'hast';
import { BoundedCache } from '../bounded-cache';
import { parseBlockReply, type BlockRequest } from './block-protocol';

/** What a block shows: waiting for the worker, its tree, or (the worker failed or ran out of time) the reason. */
export type BlockState = { type: 'pending' } | { type: 'tree'; tree: Root } | { type: 'failed'; message: string };

/** The part of a Worker the renderer uses (a fake in tests). */
export interface BlockWorker {
  postMessage(request: BlockRequest): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface BlockRendererOptions {
  /** A new worker, or null where there is none (then blocks are rendered in the window, one per task). */
  startWorker: () => BlockWorker | null;
  /** Renders a block in the window: the fallback without a worker. */
  renderInThread: (request: Omit<BlockRequest, 'id'>) => Promise<Root>;
  deadlineMs: number;
  cacheEntries: number;
}

export interface BlockRenderer {
  /** The block's state now; queues it (once) when it is not known yet. Safe to call while rendering: nothing starts until `subscribe`. */
  request: (text: string, options: { math: boolean; highlight: boolean }) => BlockState;
  /** Called when that block's state changes; returns the unsubscribe. */
  subscribe: (key: string, listener: () => void) => () => void;
  keyOf: (text: string, options: { math: boolean; highlight: boolean }) => string;
}

const PENDING: BlockState = { type: 'pending' };

/**
 * Renders finished markdown blocks in a worker, one at a time in the order they were asked for
 * (the blocks on screen), skipping blocks no longer shown. A block that takes longer than
 * `deadlineMs` stops the worker (a new one takes the rest) and shows as text with the reason.
 * Results are kept per source (`cacheEntries`), so a block shown again costs only its elements.
 * Without a worker (or when it cannot start), the same work runs in the window, one block per task.
 */
export function createBlockRenderer(options: BlockRendererOptions): BlockRenderer {
  const done = new BoundedCache<string, BlockState>(options.cacheEntries);
  const listeners = new Map<string, Set<() => void>>();
  const queue: { key: string; request: Omit<BlockRequest, 'id'> }[] = [];
  const queued = new Set<string>();
  let worker: BlockWorker | null = null;
  let inThread = false;
  let current: { id: number; key: string; request: Omit<BlockRequest, 'id'>; timer: ReturnType<typeof setTimeout> } | null = null;
  let nextId = 0;
  let inThreadScheduled = false;

  const keyOf = (text: string, flags: { math: boolean; highlight: boolean }): string =>
    `${flags.math ? 'M' : '-'}${flags.highlight ? 'H' : '-'}\u0000${text}`;

  const settle = (key: string, state: BlockState): void => {
    done.set(key, state);
    queued.delete(key);
    for (const listener of listeners.get(key) ?? []) listener();
  };

  const stopWorker = (): void => {
    if (!worker) return;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    worker = null;
  };

  /** The next job someone still shows (a block scrolled away before its turn is not rendered). */
  const nextJob = (): { key: string; request: Omit<BlockRequest, 'id'> } | undefined => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if ((listeners.get(job.key)?.size ?? 0) > 0) return job;
      queued.delete(job.key);
    }
    return undefined;
  };

  const runInThread = async (): Promise<void> => {
    const job = nextJob();
    if (!job) {
      inThreadScheduled = false;
      return;
    }
    try {
      settle(job.key, { type: 'tree', tree: await options.renderInThread(job.request) });
    } catch (error) {
      settle(job.key, { type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
    inThreadScheduled = false;
    pump();
  };

  const onReply = (data: unknown): void => {
    const reply = parseBlockReply(data);
    if (!current || !reply || reply.id !== current.id) return;
    clearTimeout(current.timer);
    const { key } = current;
    current = null;
    settle(key, reply.type === 'tree' ? { type: 'tree', tree: reply.tree } : { type: 'failed', message: reply.message });
    pump();
  };

  const ensureWorker = (): BlockWorker | null => {
    if (worker || inThread) return worker;
    try {
      worker = options.startWorker();
    } catch {
      worker = null;
    }
    if (!worker) {
      inThread = true;
      return null;
    }
    worker.onmessage = (event) => onReply(event.data);
    // The worker could not load (or broke): the rest is rendered in the window.
    worker.onerror = () => {
      stopWorker();
      inThread = true;
      if (current) {
        clearTimeout(current.timer);
        queue.unshift({ key: current.key, request: current.request });
      }
      current = null;
      pump();
    };
    return worker;
  };

  const pump = (): void => {
    if (current || inThreadScheduled) return;
    const running = ensureWorker();
    if (!running) {
      if (queue.length === 0) return;
      inThreadScheduled = true;
      setTimeout(() => void runInThread(), 0);
      return;
    }
    const job = nextJob();
    if (!job) return;
    nextId += 1;
    const id = nextId;
    const timer = setTimeout(() => {
      if (current?.id !== id) return;
      current = null;
      stopWorker();
      settle(job.key, { type: 'failed', message: `Shown as text: rendering took longer than ${Math.round(options.deadlineMs / 1000)} s.` });
      pump();
    }, options.deadlineMs);
    current = { id, key: job.key, request: job.request, timer };
    running.postMessage({ id, ...job.request });
  };

  return {
    keyOf,
    request(text, flags) {
      const key = keyOf(text, flags);
      const known = done.get(key);
      if (known) return known;
      if (!queued.has(key)) {
        queued.add(key);
        queue.push({ key, request: { text, math: flags.math, highlight: flags.highlight } });
        // Shown already (its result was dropped from the cache meanwhile): start without waiting for a subscription.
        if (listeners.has(key)) queueMicrotask(pump);
      }
      return PENDING;
    },
    subscribe(key, listener) {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      // Asked for while rendering; the work starts once someone shows it.
      pump();
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
  };
}
