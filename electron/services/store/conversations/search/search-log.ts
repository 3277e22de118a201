/** Format of the search index's files (disk-search-index.ts). Derived data: anything unreadable is rebuilt from the timelines. */
export const SEARCH_FORMAT = 'taco-search';
/** 3: on disk as a snapshot, a log of changes and one text file per conversation (2 was one JSON file with every text). */
export const SEARCH_FORMAT_VERSION = 3;

/** One line of `search/log.jsonl`: a change, carrying the state it leads to. */
export type LogOp =
  | {
      op: 'put';
      id: string;
      title: string;
      size: number;
      length: number;
      tail: string;
      textN: number;
      titleN: number;
      words: string[];
      titleWords: string[];
    }
  | { op: 'title'; id: string; title: string; titleN: number; words: string[] }
  | { op: 'add'; id: string; size: number; length: number; tail: string; words: string[] }
  | { op: 'size'; id: string; size: number }
  | { op: 'remove'; id: string };

export interface SnapshotDoc {
  id: string;
  title: string;
  size: number;
  length: number;
  tail: string;
  textN: number;
  titleN: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isWords = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/** A log line, or null when it is torn or not one of ours (checked by hand: the log is read at every first search). */
export function parseLogLine(line: string): LogOp | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value) || !isText(value.id) || value.id === '') return null;
  switch (value.op) {
    case 'put':
      return isText(value.title) &&
        isCount(value.size) &&
        isCount(value.length) &&
        isText(value.tail) &&
        isCount(value.textN) &&
        isCount(value.titleN) &&
        isWords(value.words) &&
        isWords(value.titleWords)
        ? (value as LogOp)
        : null;
    case 'title':
      return isText(value.title) && isCount(value.titleN) && isWords(value.words) ? (value as LogOp) : null;
    case 'add':
      return isCount(value.size) && isCount(value.length) && isText(value.tail) && isWords(value.words) ? (value as LogOp) : null;
    case 'size':
      return isCount(value.size) ? (value as LogOp) : null;
    case 'remove':
      return value as LogOp;
    default:
      return null;
  }
}

/** The snapshot, or null when it is unreadable or of another format. */
export function parseSnapshot(text: string): { docs: SnapshotDoc[]; postings: Record<string, number[]> } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || value.format !== SEARCH_FORMAT || value.version !== SEARCH_FORMAT_VERSION) return null;
  const { docs, postings } = value;
  if (!Array.isArray(docs) || !isObject(postings)) return null;
  const valid = docs.every(
    (doc) =>
      isObject(doc) &&
      isText(doc.id) &&
      isText(doc.title) &&
      isCount(doc.size) &&
      isCount(doc.length) &&
      isText(doc.tail) &&
      isCount(doc.textN) &&
      isCount(doc.titleN),
  );
  if (!valid) return null;
  for (const numbers of Object.values(postings)) if (!Array.isArray(numbers) || !numbers.every(isCount)) return null;
  return { docs: docs as SnapshotDoc[], postings: postings as Record<string, number[]> };
}
