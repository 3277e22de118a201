import type { VersionRecord, VersionRef } from '../../../../shared/documents';

/** One content of a document the panel can show, compare and restore. */
export interface VersionEntry {
  ref: VersionRef;
  label: string;
  /** null: at this point the file did not exist. */
  size: number | null;
  /** The content was not kept (too large, or dropped over the budget). */
  lost: boolean;
}

const KIND_WORDS: Record<VersionRecord['kind'], string> = { write: 'Written', undo: 'Undone', restore: 'Restored' };

/** A document's versions, oldest first: the content before its first change, then the content after each change. */
export function versionEntries(records: VersionRecord[], undone: ReadonlySet<number>, formatTime: (at: number) => string): VersionEntry[] {
  const first = records[0];
  if (!first) return [];
  const entries: VersionEntry[] = [];
  if (first.before !== null) {
    entries.push({
      ref: { seq: first.seq, side: 'before' },
      label: 'Before the first change',
      size: first.before.size,
      lost: first.before.hash === null,
    });
  }
  for (const record of records) {
    const by = record.tool ? ` by ${record.tool}` : '';
    const later = undone.has(record.seq) ? ' (undone later)' : '';
    entries.push({
      ref: { seq: record.seq, side: 'after' },
      label: `#${record.seq} ${KIND_WORDS[record.kind]}${by} · ${formatTime(record.at)}${later}`,
      size: record.after?.size ?? null,
      lost: record.after !== null && record.after.hash === null,
    });
  }
  return entries;
}

export const refKey = (ref: VersionRef): string => `${ref.seq}:${ref.side}`;
