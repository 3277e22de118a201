import { describe, expect, it } from 'vitest';
import { checkedEntry } from './conversation-index';
import { quickIndexEntry } from './index-entry-quick';

const tail = {
  size: 120,
  mtimeMs: 1795675390556.078,
  events: 8,
  turns: [
    [0, 0],
    [4, 60],
  ],
  openRunId: null,
  afterUserMessage: false,
};
const base = { conversationId: 'c1', title: 'One', model: 'llama3.2:3b', createdAt: 1, updatedAt: 2, pinned: false, tail };

/** Every shape an entry of the common kind takes in a real index. */
const COMMON: Array<Record<string, unknown>> = [
  base,
  { ...base, model: null, pinned: true },
  { ...base, projectId: 'p1' },
  { ...base, open: { runId: 'r1', waiting: null } },
  { ...base, open: { runId: 'r1', waiting: 'approval' }, tail: { ...tail, openRunId: 'r1', afterUserMessage: true } },
  { ...base, open: null },
  { conversationId: 'c2', title: '', model: null, createdAt: 0, updatedAt: 0, pinned: false },
];

const BAD_VALUES: unknown[] = [undefined, null, '', 'x', 0, -1, 1.5, 2 ** 60, true, [], {}, [[1, 2]], { runId: 'r' }];

/** The entries with one value replaced (or removed, or an unknown key added), at every depth the quick check looks at. */
function mutations(): unknown[] {
  const out: unknown[] = [null, [], 'entry', 1];
  for (const entry of COMMON) {
    out.push({ ...entry, extra: 1 });
    for (const key of [...Object.keys(entry), 'projectId', 'open', 'tail', 'options', 'branchTail']) {
      for (const bad of BAD_VALUES) out.push({ ...entry, [key]: bad });
    }
    for (const key of [...Object.keys(tail), 'branch', 'extra']) {
      for (const bad of BAD_VALUES) out.push({ ...entry, tail: { ...tail, [key]: bad } });
    }
    for (const key of ['runId', 'waiting', 'extra']) {
      for (const bad of [...BAD_VALUES, 'question', 'approval', 'other'])
        out.push({ ...entry, open: { runId: 'r1', waiting: null, [key]: bad } });
    }
    for (const turns of [[[1.5, 2]], [[-1, 0]], [[1]], [[1, 2, 3]], [['1', 2]], 'x', [null], []])
      out.push({ ...entry, tail: { ...tail, turns } });
  }
  // As JSON gives them: what an index file can hold (no undefined, no functions).
  return out.map((value) => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as unknown)));
}

describe("the index entries' quick check", () => {
  it('takes every common shape, and gives what the schema gives', () => {
    for (const entry of COMMON) {
      const quick = quickIndexEntry(entry);
      expect(quick, JSON.stringify(entry)).not.toBeNull();
      expect(quick).toEqual(checkedEntry(entry));
    }
  });

  it('never takes an entry the schema refuses, and where it takes one gives the same', () => {
    let taken = 0;
    let refused = 0;
    for (const entry of mutations()) {
      const quick = quickIndexEntry(entry);
      const checked = checkedEntry(entry);
      if (quick !== null) {
        taken += 1;
        expect(checked, JSON.stringify(entry)).not.toBeNull();
        expect(quick, JSON.stringify(entry)).toEqual(checked);
      }
      if (checked === null) refused += 1;
    }
    // The comparison means something only if both kinds came up.
    expect(taken).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(200);
  });

  it('leaves options and branch facts to the schema', () => {
    expect(quickIndexEntry({ ...base, options: { toolMode: 'native' } })).toBeNull();
    expect(quickIndexEntry({ ...base, branchTail: tail })).toBeNull();
  });
});
