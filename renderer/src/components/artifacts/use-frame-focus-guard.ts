import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * An artifact never takes focus the user did not give it. The frame stays `inert` (no focus, no
 * typing, skipped by Tab, its own `focus()` and `autofocus` do nothing) until the user presses a
 * pointer on it or activates the "interact" button beside it; it becomes inert again as soon as
 * focus moves anywhere else in the window, so an artifact that calls `focus()` in a loop cannot
 * pull the composer's typing back. Chromium lets a nested frame of another process call `focus()`
 * through an inert ancestor, so the frame's own page also makes the artifact's frame inert, and
 * when this window loses focus while the frame is not engaged, focus goes straight back to the
 * element that had it.
 * Keyboard users reach the frame through the button: Tab never enters it on its own.
 */
export function useFrameFocusGuard(frameRef: RefObject<HTMLIFrameElement | null>): {
  engaged: boolean;
  engage: () => void;
} {
  const [engaged, setEngaged] = useState(false);
  const engagedRef = useRef(false);
  const previousRef = useRef<HTMLElement | null>(null);

  const setEngagedBoth = useCallback((next: boolean): void => {
    engagedRef.current = next;
    setEngaged(next);
  }, []);

  const engage = useCallback((): void => {
    setEngagedBoth(true);
    // Not inert any more once React has committed (and the pointer's own default is done): focus it then.
    setTimeout(() => {
      if (engagedRef.current) frameRef.current?.focus();
    }, 0);
  }, [frameRef, setEngagedBoth]);

  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== frameRef.current) previousRef.current = active;
    const sendBack = (): void => {
      const frame = frameRef.current;
      if (!frame || engagedRef.current) return;
      // Focus inside a frame of another process may leave this document's activeElement as it was:
      // whichever it reports, page focus goes back to the element that had it.
      const previous = previousRef.current;
      // Chromium skips focus() on the element this document already counts as focused, so blur it first.
      if (previous && previous.isConnected && previous !== frame) {
        if (document.activeElement === previous) previous.blur();
        previous.focus({ preventScroll: true });
      } else if (document.activeElement === frame) frame.blur();
    };
    const onFocusIn = (event: FocusEvent): void => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      if (target === frameRef.current) return sendBack();
      previousRef.current = target;
      if (engagedRef.current) setEngagedBoth(false);
    };
    // Focus entering a frame blurs this window (as does the whole window losing focus, where
    // focusing an element again changes nothing the user sees).
    const onWindowBlur = (): void => {
      sendBack();
      // A focus change made while the blur is being dispatched may be undone by it: again, after.
      setTimeout(sendBack, 0);
    };
    document.addEventListener('focusin', onFocusIn, true);
    window.addEventListener('blur', onWindowBlur);
    return () => {
      document.removeEventListener('focusin', onFocusIn, true);
      window.removeEventListener('blur', onWindowBlur);
    };
  }, [frameRef, setEngagedBoth]);

  return { engaged, engage };
}
