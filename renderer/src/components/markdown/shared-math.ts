import { useSyncExternalStore } from 'react';
import type * as MathPlugins from './math-plugins';

type Plugins = typeof MathPlugins;

/** KaTeX and its plugins, loaded once when the first finished block with `$$` needs them (like the highlighter). */
let instance: Plugins | null = null;
let loading: Promise<Plugins> | null = null;
const listeners = new Set<() => void>();

/** A finished block with `$$…$$`: the only thing KaTeX is loaded for. */
export const HAS_MATH = /\$\$[^$]+\$\$/;

export function mathPlugins(): Plugins | null {
  return instance;
}

export function loadMath(): Promise<Plugins> {
  loading ??= import('./math-plugins').then((plugins) => {
    instance = plugins;
    for (const listener of listeners) listener();
    return plugins;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMathReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => instance !== null,
    () => instance !== null,
  );
}
