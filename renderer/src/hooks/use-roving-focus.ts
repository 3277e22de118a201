import { useCallback, type KeyboardEvent, type RefObject } from 'react';

/** Where focus goes for a key among `count` items from `index`; null for keys that do not move it. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The items of a roving list: elements marked `data-roving-item` inside the container. */
export function rovingItems(container: HTMLElement | null): HTMLElement[] {
  return container ? [...container.querySelectorAll<HTMLElement>('[data-roving-item]')] : [];
}

/**
 * Arrow keys, Home and End move focus between a list's items (one Tab stop for the whole list,
 * the WAI-ARIA "roving tabindex" pattern). Items mark themselves with `data-roving-item`.
 */
export function useRovingFocus(container: RefObject<HTMLElement | null>): (event: KeyboardEvent) => void {
  return useCallback(
    (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const items = rovingItems(container.current);
      const index = items.findIndex((item) => item === event.target);
      if (index === -1) return;
      const target = rovingTarget(event.key, index, items.length);
      if (target === null) return;
      event.preventDefault();
      items[target]?.focus();
    },
    [container],
  );
}
