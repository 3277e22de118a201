import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/contract/json';
import { createTestToolContext } from '../catalogue/tool-test-context';
import type { ToolOutcome } from '../catalogue/tool-runtime-types';
import { createFileMemoryStore, createInMemoryMemoryStore } from './memory-store';
import { run as recallMemory } from './recall_memory';
import { run as saveMemory } from './save_memory';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'taco-memory-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function parsed(outcome: ToolOutcome): JsonObject {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${outcome.type}`);
  return JSON.parse(outcome.output) as JsonObject;
}

function clock(start: number): () => number {
  let now = start;
  return () => (now += 1000);
}

describe('createFileMemoryStore', () => {
  it('keeps notes across store instances, as JSON lines', async () => {
    const file = path.join(folder, 'nested', 'memory.jsonl');
    const first = createFileMemoryStore(file, clock(0));
    await first.save('The project uses Python 3.12');
    await first.save('The user likes short answers');
    const second = createFileMemoryStore(file);
    expect((await second.recall('python', 5)).map((entry) => entry.note)).toEqual(['The project uses Python 3.12']);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  it('skips a torn last line and starts the next note on a fresh line', async () => {
    const file = path.join(folder, 'memory.jsonl');
    const store = createFileMemoryStore(file, clock(0));
    await store.save('first note about tacos');
    await appendFile(file, '{"id":"torn","note":"half writ');
    expect((await store.recall('', 10)).map((entry) => entry.note)).toEqual(['first note about tacos']);
    await store.save('second note about tacos');
    expect((await store.recall('tacos', 10)).map((entry) => entry.note)).toEqual(['second note about tacos', 'first note about tacos']);
  });

  it('skips garbage lines and returns nothing for a missing file', async () => {
    const file = path.join(folder, 'memory.jsonl');
    expect(await createFileMemoryStore(file).recall('anything', 5)).toEqual([]);
    await writeFile(file, 'not json\n{"id":1}\n{"id":"a","note":"valid note","savedAt":5}\n');
    expect(await createFileMemoryStore(file).recall('', 5)).toEqual([{ id: 'a', note: 'valid note', savedAt: 5 }]);
  });

  it('keeps every note when saves overlap', async () => {
    const store = createFileMemoryStore(path.join(folder, 'memory.jsonl'));
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save(`note ${i}`)));
    expect(await store.recall('', 100)).toHaveLength(20);
  });
});

describe('recall ranking', () => {
  it('ranks by matching words, then newest; an empty query gives the newest', async () => {
    const store = createInMemoryMemoryStore(clock(0));
    await store.save('Python version is 3.12');
    await store.save('Deploys go to the staging server');
    await store.save('The Python linter is ruff');
    expect((await store.recall('python version', 5)).map((entry) => entry.note)).toEqual([
      'Python version is 3.12',
      'The Python linter is ruff',
    ]);
    expect((await store.recall('', 2)).map((entry) => entry.note)).toEqual([
      'The Python linter is ruff',
      'Deploys go to the staging server',
    ]);
    expect(await store.recall('kubernetes', 5)).toEqual([]);
  });
});

describe('save_memory and recall_memory', () => {
  it('save through the context memory and recall what was saved', async () => {
    const context = createTestToolContext({ memory: createInMemoryMemoryStore(() => Date.UTC(2025, 0, 1)) });
    const saved = parsed(await saveMemory({ note: '  The cat is called Miso  ' }, context));
    expect(saved.saved_at).toBe('2025-01-01T00:00:00.000Z');
    expect(parsed(await recallMemory({ query: 'cat' }, context))).toEqual({
      notes: [{ id: saved.id, note: 'The cat is called Miso', saved_at: '2025-01-01T00:00:00.000Z' }],
    });
  });

  it('refuses an empty note and respects the limit', async () => {
    const context = createTestToolContext();
    await expect(saveMemory({ note: ' ' }, context)).rejects.toThrow('The note is empty');
    for (const note of ['a fact', 'another fact', 'third fact']) await context.memory.save(note);
    expect(parsed(await recallMemory({ query: 'fact', limit: 2 }, context)).notes).toHaveLength(2);
  });
});
