import type { ViewItem } from './conversation-view';

/**
 * Item arrays made during the current `applyEvents` call. The views in between two events of one
 * call are never seen by anyone, so an array made in the call can grow in place: opening a
 * conversation of 5,000 messages applies ~12,000 events, and copying the list for each one made
 * that quadratic (a quarter of a second before anything could be drawn).
 */
let owned: WeakSet<readonly ViewItem[]> | null = null;
/** The user message ids of owned arrays, kept as they grow (a scan per user message was quadratic too). */
let userIds: WeakMap<readonly ViewItem[], Set<string>> | null = null;
/** Where each run's turn is in owned arrays (a new run scanned the whole list, once per run). */
let turnIndexes: WeakMap<readonly ViewItem[], Map<string, number>> | null = null;

/** Runs `apply` with in-place growth allowed for arrays it makes; nests safely. */
export function withDraftItems<T>(apply: () => T): T {
  const outer = { owned, userIds, turnIndexes };
  owned = new WeakSet();
  userIds = new WeakMap();
  turnIndexes = new WeakMap();
  try {
    return apply();
  } finally {
    owned = outer.owned;
    userIds = outer.userIds;
    turnIndexes = outer.turnIndexes;
  }
}

function own(items: ViewItem[]): ViewItem[] {
  owned?.add(items);
  return items;
}

/** `items` with `item` added at the end: in place when this call made the array, else a copy. */
export function appendItem(items: readonly ViewItem[], item: ViewItem): ViewItem[] {
  if (owned?.has(items)) {
    const mutable = items as ViewItem[];
    mutable.push(item);
    if (item.type === 'user') userIds?.get(mutable)?.add(item.id);
    if (item.type === 'assistant') turnIndexes?.get(mutable)?.set(item.runId, mutable.length - 1);
    return mutable;
  }
  return own([...items, item]);
}

/** `items` with the one at `index` replaced: in place when this call made the array, else a copy. */
export function replaceItem(items: readonly ViewItem[], index: number, item: ViewItem): ViewItem[] {
  if (owned?.has(items)) {
    const mutable = items as ViewItem[];
    const old = mutable[index];
    if (item.type === 'user' || old?.type === 'user') userIds?.delete(mutable);
    if (item.type !== 'assistant' || old?.type !== 'assistant' || old.runId !== item.runId) turnIndexes?.delete(mutable);
    mutable[index] = item;
    return mutable;
  }
  const copy = own(items.slice());
  copy[index] = item;
  return copy;
}

/** Whether `items` holds the user message `messageId` (O(1) for an array made in this call). */
export function hasUserMessage(items: readonly ViewItem[], messageId: string): boolean {
  let ids = owned?.has(items) ? userIds?.get(items) : undefined;
  if (!ids) {
    ids = new Set(items.flatMap((item) => (item.type === 'user' ? [item.id] : [])));
    if (owned?.has(items)) userIds?.set(items, ids);
  }
  return ids.has(messageId);
}

/** Index of the last assistant turn of `runId` in `items`, or -1 (O(1) for an array made in this call). */
export function findTurnIndexIn(items: readonly ViewItem[], runId: string): number {
  const cached = owned?.has(items) ? turnIndexes?.get(items) : undefined;
  if (cached) return cached.get(runId) ?? -1;
  if (owned?.has(items)) {
    const indexes = new Map<string, number>();
    items.forEach((item, index) => {
      if (item.type === 'assistant') indexes.set(item.runId, index);
    });
    turnIndexes?.set(items, indexes);
    return indexes.get(runId) ?? -1;
  }
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index];
    if (item?.type === 'assistant' && item.runId === runId) return index;
  }
  return -1;
}
