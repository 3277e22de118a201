import { DEFAULTS } from '../../../../shared/constants';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export interface FollowBottom {
  /** For the scroll container's onScroll. */
  onScroll(): void;
}

/** Keys that move a focused list up. */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * Keeps the list pinned to its bottom while output grows, until the user scrolls up; scrolling
 * back to the bottom pins it again. Only the user can unpin it: a wheel or key that goes up, or a
 * scroll upwards right after their pointer or touch (the scrollbar). The list also scrolls when
 * rows are measured and when it follows new output, and that never unpins it.
 * `contentKey` changes whenever the content may have grown (rows, their sizes).
 */
export function useFollowBottom(listRef: RefObject<HTMLElement | null>, contentKey: unknown): FollowBottom {
  const following = useRef(true);
  const lastUserIntent = useRef(Number.NEGATIVE_INFINITY);
  const lastScrollTop = useRef(0);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const intent = (): void => {
      lastUserIntent.current = performance.now();
    };
    const onWheel = (event: WheelEvent): void => {
      intent();
      if (event.deltaY < 0) following.current = false;
    };
    const onKey = (event: KeyboardEvent): void => {
      intent();
      if (UP_KEYS.has(event.key)) following.current = false;
    };
    list.addEventListener('wheel', onWheel, { passive: true });
    list.addEventListener('keydown', onKey);
    list.addEventListener('pointerdown', intent);
    list.addEventListener('touchmove', intent, { passive: true });
    return () => {
      list.removeEventListener('wheel', onWheel);
      list.removeEventListener('keydown', onKey);
      list.removeEventListener('pointerdown', intent);
      list.removeEventListener('touchmove', intent);
    };
  }, [listRef]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [listRef, contentKey]);

  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const top = list.scrollTop;
    const distance = list.scrollHeight - top - list.clientHeight;
    const movedUp = top < lastScrollTop.current - 1;
    lastScrollTop.current = top;
    if (distance < DEFAULTS.messageList.followThresholdPx) following.current = true;
    else if (movedUp && performance.now() - lastUserIntent.current < DEFAULTS.messageList.userScrollWindowMs) following.current = false;
  }, [listRef]);

  return { onScroll };
}
