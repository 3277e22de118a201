import { useLayoutEffect, useRef } from 'react';

/**
 * The attribute an opener and the control that replaces it share: when the dialog's action swaps
 * the opener for another control (Undo becomes "Undone · Redo"), focus goes to the one with the
 * same value instead of falling to the page's body.
 */
export const FOCUS_KEY = 'data-focus-key';

/**
 * Remembers the element that had focus when `open` became true, and gives it focus back on
 * `restore()`. Radix returns focus only to its own Trigger; our dialogs are mostly opened by
 * state (a store flag, a shortcut, a card's button), so the opener is captured here instead.
 * A layout effect runs before Radix's focus scope moves focus into the content.
 * An opener gone by then hands focus to its successor (`FOCUS_KEY`), else to the nearest of its
 * former ancestors still on the page (its first control, or itself when it takes focus).
 */
export function useOpenerFocus(open: boolean): { restore(): void } {
  const opener = useRef<{ element: HTMLElement; key: string | null; ancestors: HTMLElement[] } | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current =
      active instanceof HTMLElement && active !== document.body
        ? { element: active, key: active.getAttribute(FOCUS_KEY), ancestors: ancestorsOf(active) }
        : null;
  }, [open]);
  return {
    restore() {
      const target = opener.current ? returnTarget(opener.current) : null;
      target?.focus();
    },
  };
}

function ancestorsOf(element: HTMLElement): HTMLElement[] {
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) ancestors.push(node);
  return ancestors;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function returnTarget(opener: { element: HTMLElement; key: string | null; ancestors: HTMLElement[] }): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  if (opener.key !== null) {
    const successor = [...document.querySelectorAll<HTMLElement>(`[${FOCUS_KEY}]`)].find(
      (element) => element.getAttribute(FOCUS_KEY) === opener.key,
    );
    if (successor) return successor;
  }
  for (const ancestor of opener.ancestors) {
    if (!ancestor.isConnected) continue;
    const target = ancestor.matches(FOCUSABLE) ? ancestor : ancestor.querySelector<HTMLElement>(FOCUSABLE);
    if (target) return target;
  }
  return null;
}
