import { useLayoutEffect, useRef } from 'react';

/**
 * Remembers the element that had focus when `open` became true, and gives it focus back on
 * `restore()`. Radix returns focus only to its own Trigger; our dialogs are mostly opened by
 * state (a store flag, a shortcut, a card's button), so the opener is captured here instead.
 * A layout effect runs before Radix's focus scope moves focus into the content.
 */
export function useOpenerFocus(open: boolean): { restore(): void } {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return {
    restore() {
      const element = opener.current;
      if (element?.isConnected) element.focus();
    },
  };
}
