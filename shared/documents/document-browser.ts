import type { DocumentRecord, VersionRecord } from './documents';

/**
 * A written file as the Documents browser shows it: its index record (creator, dates, type,
 * size, tokens, tags, description, summary; null for a file the index never saw) beside its
 * changes, oldest first.
 */
export interface BrowsedDocument {
  path: string;
  meta: DocumentRecord | null;
  records: VersionRecord[];
}

/** `documents.browse`: the conversation's documents, the most recently changed first. */
export interface DocumentsBrowseResult {
  documents: BrowsedDocument[];
  /** Seqs of writes already undone. */
  undone: number[];
}

/**
 * One kept content as the browser previews it (`documents.content`). The content is untrusted
 * (a model or the user wrote it): text is shown as text or sanitised markdown, a picture only as
 * a data URL whose bytes were checked to be that picture type.
 */
export type VersionContent =
  | { type: 'text'; mimeType: string; size: number; text: string; /** Only the beginning is in `text`. */ shortened: boolean }
  | { type: 'image'; mimeType: string; size: number; dataUrl: string }
  | { type: 'binary'; mimeType: string; size: number; message: string }
  /** At this point the file did not exist (before a create, after undoing one). */
  | { type: 'no-file'; message: string }
  /** Not kept (too large, dropped over the version budget), a picture too large to preview, or no such version. */
  | { type: 'unavailable'; message: string };
