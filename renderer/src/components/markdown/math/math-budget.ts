import { useSyncExternalStore } from 'react';
import { DEFAULTS } from '../../../../../shared/constants';

/**
 * Typesetting is spread over tasks: within one task, formulas are typeset until
 * `rendererMath.sliceBudgetMs` is spent; the rest show as source and their blocks render again in
 * the next task (from the cache, what was done is not done again). So an answer with many formulas
 * never holds the window for longer than one slice, plus one formula (each is capped).
 */
let spentMs = 0;
let sliceOpen = false;
let deferred = false;
let generation = 0;
const listeners = new Set<() => void>();

function closeSlice(): void {
  sliceOpen = false;
  spentMs = 0;
  if (!deferred) return;
  deferred = false;
  generation += 1;
  for (const listener of listeners) listener();
}

function openSlice(): void {
  if (sliceOpen) return;
  sliceOpen = true;
  setTimeout(closeSlice, 0);
}

/** Whether this task may still typeset a formula. */
export function mayTypeset(): boolean {
  openSlice();
  return spentMs < DEFAULTS.rendererMath.sliceBudgetMs;
}

export function chargeTypesetting(ms: number): void {
  spentMs += ms;
}

/** A formula was left for the next slice: blocks waiting on it render again then. */
export function deferTypesetting(): void {
  deferred = true;
  openSlice();
}

let pass: { deferred: boolean } | null = null;

/** Runs `render` and tells whether it left formulas for a later slice (the block then waits for it). */
export function typesetPass<T>(render: () => T): { result: T; deferred: boolean } {
  const outer = pass;
  const current = { deferred: false };
  pass = current;
  try {
    return { result: render(), deferred: current.deferred };
  } finally {
    pass = outer;
  }
}

/** Marks the running pass as having deferred a formula (called by the typesetting plugin). */
export function markPassDeferred(): void {
  if (pass) pass.deferred = true;
  deferTypesetting();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Re-renders a block that left formulas for later once the next slice opens. A block that is not
 * waiting reads the generation of its own render, so it is not rendered again for others; the
 * value still moves on its render after waiting (else React would discard that render as unchanged).
 */
export function useTypesetGeneration(waiting: boolean): number {
  const atRender = generation;
  return useSyncExternalStore(
    subscribe,
    () => (waiting ? generation : atRender),
    () => 0,
  );
}
