import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * A virtualized list's size as the virtualizer sees it. A list not laid out yet (or a test's DOM,
 * which has no layout) reports a height of 0, which would render no row at all: assume the window's.
 */
export function observeListRect<T extends Element>(
  instance: Virtualizer<T, Element>,
  callback: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight || 800 }),
  );
}
