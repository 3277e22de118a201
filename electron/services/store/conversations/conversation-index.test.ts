import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { readIndex, serializeIndex, type IndexEntry } from './conversation-index';

const cleanups = cleanupAfterEach();

const entry = (turns: unknown): IndexEntry =>
  ({
    summary: { conversationId: 'c1', title: 'One', model: null, createdAt: 1, updatedAt: 2, pinned: false },
    open: null,
    tail: { size: 10, mtimeMs: 5, events: 4, turns, openRunId: null, afterUserMessage: false },
  }) as IndexEntry;

async function read(entries: IndexEntry[]) {
  const path = join(cleanups.tempDir('taco-index-'), 'index.json');
  await writeFile(path, serializeIndex(entries));
  return readIndex(path);
}

describe('the conversation index', () => {
  it('reads back the tail facts it wrote, turns as pairs', async () => {
    const written = entry([
      [0, 0],
      [2, 120],
    ]);
    expect(await read([written])).toEqual({ type: 'ok', entries: [written] });
  });

  it('calls an index corrupt when a turn is not a pair of whole numbers from 0', async () => {
    for (const turns of [[[1.5, 2]], [[-1, 0]], [[1]], [[1, 2, 3]], [['1', 2]], 'x', [null]]) {
      expect(await read([entry(turns)])).toMatchObject({ type: 'corrupt' });
    }
  });

  it('writes one conversation a line, unindented, and reads an empty index back', async () => {
    const second = { ...entry([[0, 0]]), summary: { ...entry([]).summary, conversationId: 'c2' } };
    const text = serializeIndex([entry([[0, 0]]), second]);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\{"conversationId":"c1",.*\},$/);
    expect(lines[2]).toMatch(/^\{"conversationId":"c2",.*\}$/);
    expect(text).not.toMatch(/\n /);
    expect(JSON.parse(text)).toMatchObject({ format: 'taco-index', version: 2 });
    expect(await read([])).toEqual({ type: 'ok', entries: [] });
  });
});
