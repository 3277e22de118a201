import { DEFAULTS } from '../../../../shared/constants';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface FollowBottom {
  /** For the scroll container's onScroll. */
  onScroll(): void;
  /** True while the user reads far enough back that the newest messages are out of sight. */
  awayFromLatest: boolean;
  /** "Jump to latest": back to the bottom, following new output again. */
  jumpToLatest(): void;
}

/** Keys that move a focused list up. */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * Keeps the list pinned to its bottom while output grows, until the user scrolls up; scrolling
 * back to the bottom (or "Jump to latest") pins it again. Only the user can unpin it: a wheel or
 * key that goes up, or a scroll upwards right after their pointer or touch (the scrollbar). A
 * wheel turn or key that goes down never makes the upward scroll after it the user's: the list
 * also scrolls up on its own when rows coming into view are measured smaller than estimated
 * (the virtualizer keeps the row on top in place), and that never unpins it.
 * `contentKey` changes whenever the content may have grown (rows, their sizes).
 */
export function useFollowBottom(listRef: RefObject<HTMLElement | null>, contentKey: unknown): FollowBottom {
  const following = useRef(true);
  const lastUpwardIntent = useRef(Number.NEGATIVE_INFINITY);
  const lastScrollTop = useRef(0);
  const [awayFromLatest, setAwayFromLatest] = useState(false);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // A pointer or touch may drag the scrollbar or the content either way.
    const mayGoUp = (): void => {
      lastUpwardIntent.current = performance.now();
    };
    const notUp = (): void => {
      lastUpwardIntent.current = Number.NEGATIVE_INFINITY;
    };
    const onWheel = (event: WheelEvent): void => {
      if (event.deltaY < 0) {
        mayGoUp();
        following.current = false;
      } else if (event.deltaY > 0) notUp();
    };
    const onKey = (event: KeyboardEvent): void => {
      if (UP_KEYS.has(event.key)) {
        mayGoUp();
        following.current = false;
      } else notUp();
    };
    list.addEventListener('wheel', onWheel, { passive: true });
    list.addEventListener('keydown', onKey);
    list.addEventListener('pointerdown', mayGoUp);
    list.addEventListener('touchmove', mayGoUp, { passive: true });
    return () => {
      list.removeEventListener('wheel', onWheel);
      list.removeEventListener('keydown', onKey);
      list.removeEventListener('pointerdown', mayGoUp);
      list.removeEventListener('touchmove', mayGoUp);
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
    else if (movedUp && performance.now() - lastUpwardIntent.current < DEFAULTS.messageList.userScrollWindowMs) following.current = false;
    setAwayFromLatest(!following.current && distance > list.clientHeight * DEFAULTS.messageList.jumpToLatestAfterScreens);
  }, [listRef]);

  const jumpToLatest = useCallback(() => {
    const list = listRef.current;
    following.current = true;
    setAwayFromLatest(false);
    if (list) list.scrollTop = list.scrollHeight;
  }, [listRef]);

  return { onScroll, awayFromLatest, jumpToLatest };
}
