import { useEffect, useRef } from 'react';
import { dialogOpen } from './dialog-open';

/**
 * Esc for an overlay that is not a dialog (the conversation drawer, the artifact pane over the
 * chat in a narrow window): while `active`, Esc closes it wherever focus is, unless a dialog is
 * open (Esc is the dialog's) or a control already used the key. It listens on the document, so it
 * comes before the window's shortcuts (Esc that stops a run): the first Esc closes the overlay.
 * Focus then goes to `returnFocus()`, or else back to what had it when the overlay came up.
 */
export function useEscapeCloses(active: boolean, close: () => void, returnFocus?: () => HTMLElement | null): void {
  const latest = useRef({ close, returnFocus });
  latest.current = { close, returnFocus };
  useEffect(() => {
    if (!active) return;
    const before = document.activeElement;
    const opener = before instanceof HTMLElement && before !== document.body ? before : null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || dialogOpen()) return;
      event.preventDefault();
      latest.current.close();
      const target = latest.current.returnFocus?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}
