import { useLayoutEffect, useRef } from 'react';
import { FOCUS_TARGETS, focusTarget } from '../keyboard/focus-targets';

/**
 * When a card's question closes (approved, denied, answered), its buttons vanish and the browser
 * drops focus on the page body, where the next Tab lands in the sidebar. If focus was on the card
 * (or was dropped that way), it goes back to the composer, where the conversation goes on. Focus
 * the user put anywhere else stays where it is; so when the card itself goes away. `returnTo` may
 * take the user somewhere else first (the app whose call it was; true when it did). Returns the ref for the card's element.
 */
export function useComposerFocusOnAnswer<T extends HTMLElement>(open: boolean, returnTo: () => boolean = () => false) {
  const returnToRef = useRef(returnTo);
  returnToRef.current = returnTo;
  const goOn = (): void => {
    if (!returnToRef.current()) focusTarget(FOCUS_TARGETS.composer);
  };
  const card = useRef<T>(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const active = document.activeElement;
    const dropped = active === null || active === document.body;
    if (dropped || (card.current?.contains(active) ?? false)) goOn();
  }, [open]);
  // An answered approval leaves the timeline (its decision goes on the call's row): the card goes
  // away with the focus in it. This runs before its element leaves the page, so the focus is still there.
  useLayoutEffect(() => {
    const element = card.current;
    return () => {
      if (wasOpen.current && element?.contains(document.activeElement)) goOn();
    };
  }, []);
  return card;
}
