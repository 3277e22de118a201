import type { ViewItem } from './conversation-view';

/**
 * The scratch state of one `applyEvents` call: the item arrays it made. The views in between two
 * events of one call are never seen by anyone, so an array made in the call can grow in place:
 * opening a conversation of 5,000 messages applies ~12,000 events, and copying the list for each
 * one made that quadratic (a quarter of a second before anything could be drawn). Made fresh for
 * each call and passed down explicitly; without one (null) every change copies.
 */
export interface DraftItems {
  owned: WeakSet<readonly ViewItem[]>;
  /** The user message ids of owned arrays, kept as they grow (a scan per user message was quadratic too). */
  userIds: WeakMap<readonly ViewItem[], Set<string>>;
  /** Where each run's turn is in owned arrays (a new run scanned the whole list, once per run). */
  turnIndexes: WeakMap<readonly ViewItem[], Map<string, number>>;
}

export function createDraftItems(): DraftItems {
  return { owned: new WeakSet(), userIds: new WeakMap(), turnIndexes: new WeakMap() };
}

function own(items: ViewItem[], draft: DraftItems | null): ViewItem[] {
  draft?.owned.add(items);
  return items;
}

/** `items` with `item` added at the end: in place when this call made the array, else a copy. */
export function appendItem(items: readonly ViewItem[], item: ViewItem, draft: DraftItems | null): ViewItem[] {
  if (draft?.owned.has(items)) {
    const mutable = items as ViewItem[];
    mutable.push(item);
    if (item.type === 'user') draft.userIds.get(mutable)?.add(item.id);
    if (item.type === 'assistant') draft.turnIndexes.get(mutable)?.set(item.runId, mutable.length - 1);
    return mutable;
  }
  return own([...items, item], draft);
}

/** `items` with the one at `index` replaced: in place when this call made the array, else a copy. */
export function replaceItem(items: readonly ViewItem[], index: number, item: ViewItem, draft: DraftItems | null): ViewItem[] {
  if (draft?.owned.has(items)) {
    const mutable = items as ViewItem[];
    const old = mutable[index];
    if (item.type === 'user' || old?.type === 'user') draft.userIds.delete(mutable);
    if (item.type !== 'assistant' || old?.type !== 'assistant' || old.runId !== item.runId) draft.turnIndexes.delete(mutable);
    mutable[index] = item;
    return mutable;
  }
  const copy = own(items.slice(), draft);
  copy[index] = item;
  return copy;
}

/** Whether `items` holds the user message `messageId` (O(1) for an array made in this call). */
export function hasUserMessage(items: readonly ViewItem[], messageId: string, draft: DraftItems | null): boolean {
  const owned = draft?.owned.has(items) === true;
  let ids = owned ? draft?.userIds.get(items) : undefined;
  if (!ids) {
    ids = new Set(items.flatMap((item) => (item.type === 'user' ? [item.id] : [])));
    if (owned) draft?.userIds.set(items, ids);
  }
  return ids.has(messageId);
}

/** Index of the last assistant turn of `runId` in `items`, or -1 (O(1) for an array made in this call). */
export function findTurnIndexIn(items: readonly ViewItem[], runId: string, draft: DraftItems | null): number {
  if (draft?.owned.has(items)) {
    const cached = draft.turnIndexes.get(items);
    if (cached) return cached.get(runId) ?? -1;
    const indexes = new Map<string, number>();
    items.forEach((item, index) => {
      if (item.type === 'assistant') indexes.set(item.runId, index);
    });
    draft.turnIndexes.set(items, indexes);
    return indexes.get(runId) ?? -1;
  }
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index];
    if (item?.type === 'assistant' && item.runId === runId) return index;
  }
  return -1;
}
