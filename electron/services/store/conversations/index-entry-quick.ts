import type { IndexEntry } from './index-entry';
import { isPairList } from '../timeline/branch-tail-facts';

/** The keys an entry of the common shape may have: no options, no branch facts. */
const ENTRY_KEYS = new Set(['conversationId', 'title', 'model', 'createdAt', 'updatedAt', 'pinned', 'projectId', 'open', 'tail']);
const OPEN_KEYS = new Set(['runId', 'waiting']);
const TAIL_KEYS = new Set(['size', 'mtimeMs', 'events', 'turns', 'openRunId', 'afterUserMessage']);
const WAITING = new Set(['approval', 'question']);

/**
 * An index entry of the common shape, checked by hand: what the index's zod schema would give
 * for it, or null for anything else (options, branch facts, a key it does not know, a value in
 * doubt), which the schema then decides. A long history's index holds thousands of entries, and
 * at start, in a cold process, the schema's checks of them cost ~100 ms of main's making; this
 * loop costs a few. It never accepts what the schema would refuse (index-entry-quick.test.ts
 * compares them over every kind of bad value).
 */
export function quickIndexEntry(value: unknown): IndexEntry | null {
  if (!isPlainObject(value) || !onlyKeys(value, ENTRY_KEYS)) return null;
  const { conversationId, title, model, createdAt, updatedAt, pinned, projectId, open, tail } = value;
  if (!isFilledString(conversationId) || typeof title !== 'string' || !(model === null || typeof model === 'string')) return null;
  if (!isFiniteNumber(createdAt) || !isFiniteNumber(updatedAt) || typeof pinned !== 'boolean') return null;
  if (projectId !== undefined && !isFilledString(projectId)) return null;
  if (open !== undefined && open !== null && !isOpenMark(open)) return null;
  if (tail !== undefined && !isTailFacts(tail)) return null;
  return {
    summary: { conversationId, title, model, createdAt, updatedAt, pinned, ...(projectId ? { projectId } : {}) },
    open: (open as IndexEntry['open'] | undefined) ?? null,
    tail: (tail as IndexEntry['tail']) ?? null,
  };
}

function isOpenMark(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    onlyKeys(value, OPEN_KEYS) &&
    isFilledString(value.runId) &&
    (value.waiting === null || (typeof value.waiting === 'string' && WAITING.has(value.waiting)))
  );
}

function isTailFacts(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    onlyKeys(value, TAIL_KEYS) &&
    isCount(value.size) &&
    isFiniteNumber(value.mtimeMs) &&
    isCount(value.events) &&
    isPairList(value.turns) &&
    (value.openRunId === null || typeof value.openRunId === 'string') &&
    typeof value.afterUserMessage === 'boolean'
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function onlyKeys(value: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

const isFilledString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
