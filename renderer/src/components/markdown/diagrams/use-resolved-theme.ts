import { useSyncExternalStore } from 'react';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme the window shows now: the user's choice (`data-theme` on <html>, set by App), else the system's. */
export function resolvedTheme(): ResolvedTheme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  query?.addEventListener('change', listener);
  return () => {
    observer.disconnect();
    query?.removeEventListener('change', listener);
  };
}

/** The resolved theme, re-rendering when the user or the system switches it (a diagram is drawn again in the new one). */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribe, resolvedTheme, () => 'light');
}
