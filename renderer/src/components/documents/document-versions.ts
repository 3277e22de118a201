import type { ContentRef, VersionRecord, VersionRef } from '../../../../shared/documents/documents';

/** One content of a document the browser can preview, compare and restore. */
export interface VersionEntry {
  ref: VersionRef;
  label: string;
  /** The kept content (its hash and size); null: at this point the file did not exist. */
  content: ContentRef | null;
  /** null: at this point the file did not exist. */
  size: number | null;
  /** The content was not kept (too large, or dropped over the budget). */
  lost: boolean;
}

const KIND_WORDS: Record<VersionRecord['kind'], string> = { write: 'Written', undo: 'Undone', restore: 'Restored' };

export const BEFORE_FIRST_CHANGE = "Before TACO's first change";

/**
 * A document's versions, oldest first: the content before TACO's first change (what undoing that
 * change puts back; "no file" when the change created it), then the content after each change.
 */
export function versionEntries(records: VersionRecord[], undone: ReadonlySet<number>, formatTime: (at: number) => string): VersionEntry[] {
  const first = records[0];
  if (!first) return [];
  const entries: VersionEntry[] = [
    {
      ref: { seq: first.seq, side: 'before' },
      label: first.before === null ? `${BEFORE_FIRST_CHANGE} (no file yet)` : BEFORE_FIRST_CHANGE,
      content: first.before,
      size: first.before?.size ?? null,
      lost: first.before !== null && first.before.hash === null,
    },
  ];
  for (const record of records) {
    const by = record.tool ? ` by ${record.tool}` : '';
    const later = undone.has(record.seq) ? ' (undone later)' : '';
    entries.push({
      ref: { seq: record.seq, side: 'after' },
      label: `#${record.seq} ${KIND_WORDS[record.kind]}${by} · ${formatTime(record.at)}${later}`,
      content: record.after,
      size: record.after?.size ?? null,
      lost: record.after !== null && record.after.hash === null,
    });
  }
  return entries;
}

/**
 * Whether two versions are known to hold the same content without asking main: both "no file", or
 * both kept with the same sha256 (contents are content-addressed). null: only a diff can tell.
 */
export function sameContent(a: VersionEntry, b: VersionEntry): boolean | null {
  if (a.content === null || b.content === null) return a.content === b.content;
  if (a.content.hash === null || b.content.hash === null) return null;
  return a.content.hash === b.content.hash;
}

export const refKey = (ref: VersionRef): string => `${ref.seq}:${ref.side}`;
