import { useCallback, useState, useSyncExternalStore } from 'react';
import { DEFAULTS } from '../../../../../shared/constants';

/**
 * Typesetting is spread over tasks: within one task, formulas are typeset until
 * `rendererMath.sliceBudgetMs` is spent; the rest show as source, and the blocks holding them are
 * woken one per following task, in order (from the cache, what was done is not done again). So an
 * answer with many formulas never holds the window for longer than one slice plus one formula
 * (each is capped), and a waiting block is rendered again only when its turn comes.
 */
let spentMs = 0;
let sliceOpen = false;

/** A block's place in the queue of blocks waiting for a slice. */
export interface TypesetTicket {
  woken: number;
  listener: (() => void) | null;
}

const waiting: TypesetTicket[] = [];

function closeSlice(): void {
  sliceOpen = false;
  spentMs = 0;
  const next = waiting.shift();
  if (!next) return;
  next.woken += 1;
  next.listener?.();
  // More blocks wait: their turns come in the next tasks.
  if (waiting.length > 0) openSlice();
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

let pass: { ticket: TypesetTicket | null; deferred: boolean } | null = null;

/** Runs `render` for a block; if it left formulas for a later slice, the block's ticket joins the queue. */
export function typesetPass<T>(render: () => T, ticket: TypesetTicket | null = null): { result: T; deferred: boolean } {
  const outer = pass;
  const current = { ticket, deferred: false };
  pass = current;
  try {
    return { result: render(), deferred: current.deferred };
  } finally {
    pass = outer;
  }
}

/** Marks the running pass as having deferred a formula (called by the typesetting plugin). */
export function markPassDeferred(): void {
  if (pass && !pass.deferred) {
    pass.deferred = true;
    if (pass.ticket && !waiting.includes(pass.ticket)) waiting.push(pass.ticket);
  }
  openSlice();
}

/** A block's ticket, and a value that changes when its turn to typeset comes (it then renders again). */
export function useTypesetTicket(): { ticket: TypesetTicket; turn: number } {
  const [ticket] = useState<TypesetTicket>(() => ({ woken: 0, listener: null }));
  const subscribe = useCallback(
    (listener: () => void) => {
      ticket.listener = listener;
      return () => {
        ticket.listener = null;
        const index = waiting.indexOf(ticket);
        if (index >= 0) waiting.splice(index, 1);
      };
    },
    [ticket],
  );
  const turn = useSyncExternalStore(
    subscribe,
    () => ticket.woken,
    () => 0,
  );
  return { ticket, turn };
}
