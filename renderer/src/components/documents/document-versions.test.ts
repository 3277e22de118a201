import { describe, expect, it } from 'vitest';
import type { VersionRecord } from '../../../../shared/documents/documents';
import { sameContent, versionEntries } from './document-versions';

const base = { workspace: null, tool: 'write_file', callId: 'k', runId: 'r', at: 0, path: 'a.txt', kind: 'write' } as const;
const A = { hash: 'a'.repeat(64), size: 3 };
const B = { hash: 'b'.repeat(64), size: 3 };

describe("a document's versions", () => {
  it("list the state before TACO's first change even when that change created the file (what Undo puts back: no file)", () => {
    const records: VersionRecord[] = [{ ...base, seq: 1, before: null, after: A }];
    const entries = versionEntries(records, new Set(), () => 'now');
    expect(entries.map((entry) => [entry.label, entry.size, entry.lost])).toEqual([
      ["Before TACO's first change (no file yet)", null, false],
      ['#1 Written by write_file · now', 3, false],
    ]);
  });

  it('are known to be the same when their kept contents have the same hash, or when neither is a file', () => {
    const records: VersionRecord[] = [
      { ...base, seq: 1, before: null, after: A },
      { ...base, seq: 2, before: A, after: A },
      { ...base, seq: 3, before: A, after: B },
      { ...base, seq: 4, kind: 'undo', before: B, after: null },
      { ...base, seq: 5, before: null, after: { hash: null, size: 99 } },
    ];
    const [before, first, second, third, undone, lost] = versionEntries(records, new Set(), () => 'now');
    expect(sameContent(first!, second!)).toBe(true);
    expect(sameContent(second!, third!)).toBe(false);
    expect(sameContent(before!, undone!)).toBe(true);
    expect(sameContent(before!, first!)).toBe(false);
    // A content that was not kept: only main can say (it answers that the version is gone).
    expect(sameContent(third!, lost!)).toBeNull();
  });
});
