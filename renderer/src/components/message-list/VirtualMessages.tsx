import { DEFAULTS } from '../../../../shared/constants';
import { useVirtualizer } from '@tanstack/react-virtual';
import { observeListRect } from '../../hooks/observe-list-rect';
import { useCallback, useEffect, useRef } from 'react';
import type { ConversationView } from '../../store/events/conversation-view';
import { estimateItemSize } from './estimate-item-size';
import { MessageRow } from './MessageRow';
import { useFollowBottom } from './use-follow-bottom';
import './message-list.css';

/** The scroll container's identity for tests and assistive technology (the same when empty). */
export const MESSAGE_LIST_PROPS = {
  className: 'message-list',
  role: 'log',
  'aria-live': 'polite',
  'aria-relevant': 'additions',
  'aria-label': 'Conversation',
  'data-testid': 'message-list',
} as const;

/**
 * The messages of one conversation, virtualized: only the rows on screen (and a few beyond) are
 * in the DOM, each measured once rendered. Mounted per conversation (keyed by its id), it opens
 * at the bottom, so the newest messages are the first and only ones rendered.
 */
/** The conversation's older messages not loaded yet (main sends the newest page first). */
export interface OlderMessages {
  available: boolean;
  loading: boolean;
  load(): void;
}

export function VirtualMessages({ view, older }: { view: ConversationView; older?: OlderMessages }) {
  const { items } = view;
  const listRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const gap = DEFAULTS.messageList.gapPx;
  // Stable callbacks: the virtualizer recomputes every position when they change.
  const estimateSize = useCallback((index: number) => estimateItemSize(itemsRef.current[index], gap), [gap]);
  const getItemKey = useCallback((index: number) => itemsRef.current[index]?.id ?? index, []);
  const estimatedTotal = useRef<number | null>(null);
  if (estimatedTotal.current === null) {
    estimatedTotal.current = items.reduce((sum, item) => sum + estimateItemSize(item, gap), 0);
  }
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => listRef.current,
    estimateSize,
    getItemKey,
    overscan: DEFAULTS.messageList.overscan,
    initialOffset: estimatedTotal.current,
    observeElementRect: observeListRect,
    // When the rows change (an older page in front, a new answer behind), the row at the top of the
    // viewport keeps its offset from the viewport's top, by its stable key (getItemKey: the item's
    // id, so measured sizes stay with their rows across a prepend); first measurements of rows above
    // the viewport are compensated too. At the end, the list stays at the end as rows grow.
    anchorTo: 'end',
    // A scroll that brings rows in or takes them away renders in a task of its own, not inside the
    // scroll event's (flushSync): mounting or unmounting a row of typeset formulas (~7,000
    // elements) was React work on top of that task's style, layout and paint, one long task.
    useFlushSync: DEFAULTS.messageList.flushSyncOnScroll,
  });
  const totalSize = virtualizer.getTotalSize();
  const rows = virtualizer.getVirtualItems();
  const { onScroll, awayFromLatest, jumpToLatest } = useFollowBottom(listRef, `${items.length}:${totalSize}`);

  // The reading position is kept by the virtualizer (`anchorTo: 'end'`): the row at the top of the
  // viewport stays where it is when rows come in front of it (an older page) or after it.
  const requestOlder = (): void => {
    if (!older?.available || older.loading || !listRef.current) return;
    older.load();
  };
  // A page shorter than the list cannot be scrolled to its top: ask for the page before it at once.
  const olderAvailable = older?.available ?? false;
  const olderLoading = older?.loading ?? false;
  useEffect(() => {
    const list = listRef.current;
    if (list && olderAvailable && !olderLoading && list.scrollHeight <= list.clientHeight) requestOlder();
    // requestOlder reads the latest props; it is not a trigger.
  }, [items.length, olderAvailable, olderLoading]);
  const onListScroll = (): void => {
    onScroll();
    const list = listRef.current;
    if (list && list.scrollTop <= DEFAULTS.messageList.loadOlderWithinPx) requestOlder();
  };

  let lastAssistantIndex = -1;
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (items[index]?.type === 'assistant') {
      lastAssistantIndex = index;
      break;
    }
  }

  return (
    <div ref={listRef} {...MESSAGE_LIST_PROPS} onScroll={onListScroll}>
      {older?.available && (
        <div className="load-earlier">
          <button
            type="button"
            className="button load-earlier-button"
            data-testid="load-earlier"
            disabled={older.loading}
            onClick={requestOlder}
          >
            {older.loading ? 'Loading earlier messages…' : 'Load earlier messages'}
          </button>
        </div>
      )}
      <div className="message-column message-column-virtual" style={{ height: totalSize }}>
        <div className="message-window" style={{ transform: `translateY(${rows[0]?.start ?? 0}px)` }}>
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            const running = item.type === 'assistant' && view.running && view.activeRunId === item.runId;
            return (
              <div key={row.key} className="message-row" data-index={row.index} data-key={row.key} ref={virtualizer.measureElement}>
                <MessageRow
                  item={item}
                  running={running}
                  status={running ? view.status : null}
                  isLatest={
                    item.type === 'system-note' ? row.index === items.length - 1 && !view.running : row.index === lastAssistantIndex
                  }
                />
              </div>
            );
          })}
        </div>
      </div>
      {awayFromLatest && (
        <div className="jump-to-latest">
          <button type="button" className="button jump-to-latest-button" data-testid="jump-to-latest" onClick={jumpToLatest}>
            <span aria-hidden="true">↓</span> Jump to latest
          </button>
        </div>
      )}
    </div>
  );
}
