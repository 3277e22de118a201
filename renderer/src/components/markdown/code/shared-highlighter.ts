import { useSyncExternalStore } from 'react';
import type { createLowlight } from 'lowlight';

type Lowlight = ReturnType<typeof createLowlight>;

/**
 * The code highlighter, loaded once on first use and shared by every block. Creating one per
 * block (as rehype-highlight does each time a block is parsed) registers every language again,
 * and loading it at start would put all its grammars in the first paint's bundle.
 */
let instance: Lowlight | null = null;
let loading: Promise<Lowlight> | null = null;
const listeners = new Set<() => void>();

export function highlighter(): Lowlight | null {
  return instance;
}

export function loadHighlighter(): Promise<Lowlight> {
  loading ??= import('./lowlight-instance').then(({ lowlight }) => {
    instance = lowlight;
    for (const listener of listeners) listener();
    return lowlight;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the highlighter is loaded; a component using it renders again when it arrives. */
export function useHighlighterReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => instance !== null,
    () => instance !== null,
  );
}
