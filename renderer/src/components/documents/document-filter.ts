import type { BrowsedDocument } from '../../../../shared/documents/document-browser';
import type { DocumentRecord } from '../../../../shared/documents/documents';

/** What the browser's list is narrowed by: words over path, description, tags and summary, and one tag, creator and type. */
export interface DocumentFilterState {
  query: string;
  /** '' = any. */
  tag: string;
  creator: string;
  type: string;
}

export const NO_FILTER: DocumentFilterState = { query: '', tag: '', creator: '', type: '' };

const TASK_CHARS = 48;

/** Who made a document, in words: "You (attached)" for the user's pictures, else the task the writing run worked on. */
export function creatorOf(meta: DocumentRecord | null): string {
  if (!meta) return 'Unknown';
  const { tool, task } = meta.createdBy;
  if (tool === 'user') return 'You (attached)';
  const words = task.trim().replace(/\s+/g, ' ');
  if (!words) return tool ?? 'Unknown';
  return words.length > TASK_CHARS ? `${words.slice(0, TASK_CHARS - 1)}…` : words;
}

export const typeOf = (document: BrowsedDocument): string => document.meta?.mimeType ?? 'unknown';

/** Every document whose words contain each word of the query and that matches each chosen filter. */
export function filterDocuments(documents: readonly BrowsedDocument[], filter: DocumentFilterState): BrowsedDocument[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  return documents.filter((document) => {
    const meta = document.meta;
    if (filter.tag && !(meta?.tags ?? []).includes(filter.tag)) return false;
    if (filter.creator && creatorOf(meta) !== filter.creator) return false;
    if (filter.type && typeOf(document) !== filter.type) return false;
    if (words.length === 0) return true;
    const haystack = [document.path, meta?.description ?? '', ...(meta?.tags ?? []), meta?.autoSummary ?? ''].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The choices each filter offers: the values the documents have, sorted. */
export function filterChoices(documents: readonly BrowsedDocument[]): { tags: string[]; creators: string[]; types: string[] } {
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return {
    tags: sorted(documents.flatMap((document) => document.meta?.tags ?? [])),
    creators: sorted(documents.map((document) => creatorOf(document.meta))),
    types: sorted(documents.map(typeOf)),
  };
}
