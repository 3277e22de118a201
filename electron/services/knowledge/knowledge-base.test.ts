import { mkdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { fakeEmbedding } from '../../../test-support/fake-ollama/embed-endpoint';
import { makePdf } from '../../../test-support/knowledge/make-documents';
import { KnowledgeBase, type Embedder } from './knowledge-base';
import { reciprocalRankFusion } from './rank-fusion';
import { createInProcessVectorStore } from './vector-store';

const { tempDir } = cleanupAfterAll();

function folder(files: Record<string, string | Buffer>): string {
  const root = realpathSync(tempDir('taco-knowledge-base-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

/** The fake Ollama's hashed bag-of-words vectors, counting every text it is asked to embed. */
function countingEmbedder(key = 'fake-embed'): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    key,
    texts,
    embed: async (batch) => {
      texts.push(...batch);
      return batch.map(fakeEmbedding);
    },
  };
}

const CORPUS = {
  'garden/tomatoes.md':
    '# Tomatoes\n\nWater tomatoes every morning; they split when watered unevenly.\n\n## Pests\n\nAphids on tomato leaves go away with soapy water.\n',
  'garden/roses.md': '# Roses\n\nPrune roses in late winter, above an outward bud.\n',
  'house/boiler.txt': 'The boiler pressure should read 1.5 bar when cold.\n\nBleed the radiators in October.\n',
  'house/manual.pdf': makePdf([['Dishwasher manual'], ['Clean the dishwasher filter every month.']]),
  'code/tax.py':
    'def vat(amount):\n    """Value added tax at 21 percent."""\n    return amount * 0.21\n\n\ndef total(amount):\n    return amount + vat(amount)\n',
};

describe('KnowledgeBase', () => {
  it('reads a pass knowing its total from the walk: every progress counts all its files, and done only grows', async () => {
    const progress: Array<{ done: number; total: number; secondsLeft: number | null }> = [];
    const base = new KnowledgeBase({ watch: false, onStatus: (status) => status.progress && progress.push(status.progress) });
    await base.addFolder(folder(CORPUS));
    await base.whenIdle();
    expect(progress.length).toBeGreaterThan(0);
    for (const step of progress) expect(step.total).toBe(5);
    expect(progress.map((step) => step.done)).toEqual([...progress.map((step) => step.done)].sort((a, b) => a - b));
    await base.close();
  });

  it('indexes a folder and ranks the passage that answers first, with its file and place', async () => {
    const base = new KnowledgeBase();
    const root = folder(CORPUS);
    await base.addFolder(root);
    await base.whenIdle();
    expect(base.status()).toEqual([
      expect.objectContaining({ folder: root, state: 'ready', filesFound: 5, filesIndexed: 5, skipped: [], error: null }),
    ]);
    const cases: Array<[string, string, object]> = [
      ['how do I get rid of aphids', 'garden/tomatoes.md', { kind: 'lines', start: 5, end: 7 }],
      ['when to prune roses', 'garden/roses.md', { kind: 'lines', start: 1, end: 3 }],
      ['boiler pressure', 'house/boiler.txt', { kind: 'lines', start: 1, end: 3 }],
      ['dishwasher filter', 'house/manual.pdf', { kind: 'page', page: 2 }],
      ['value added tax', 'code/tax.py', { kind: 'lines', start: 1, end: 7 }],
    ];
    for (const [query, file, location] of cases) {
      const found = await base.search(query, 3, null);
      expect(found.mode).toBe('lexical');
      expect(found.chunks[0], query).toMatchObject({ folder: root, file, location });
    }
  });

  it('with an embedding model the search is hybrid; every chunk is embedded once, the query once per search', async () => {
    const base = new KnowledgeBase();
    await base.addFolder(folder(CORPUS));
    await base.whenIdle();
    const embedder = countingEmbedder();
    const found = await base.search('radiators bleed october', 2, embedder);
    expect(found.mode).toBe('hybrid');
    expect(found.chunks[0]?.file).toBe('house/boiler.txt');
    const chunks = base.index.size;
    expect(embedder.texts).toHaveLength(chunks + 1);
    await base.search('roses', 2, embedder);
    expect(embedder.texts).toHaveLength(chunks + 2);
    expect(base.status()[0]?.chunksEmbedded).toBe(chunks);
  });

  it('vector ranking finds a passage that shares no word-prefix with the query only by its vector', async () => {
    const base = new KnowledgeBase();
    await base.addFolder(folder({ 'a.txt': 'Zebras graze at dawn.', 'b.txt': 'Lions sleep at noon.' }));
    await base.whenIdle();
    // A "model" that maps both the query and b.txt's text to the same direction.
    const embedder: Embedder = {
      key: 'synonyms',
      embed: async (texts) => texts.map((text) => (/lion|big cat/i.test(text) ? [1, 0] : [0, 1])),
    };
    expect((await base.search('big cat', 1, null)).chunks).toEqual([]);
    expect((await base.search('big cat', 1, embedder)).chunks[0]?.file).toBe('b.txt');
  });

  it('a new embedding model re-embeds everything; the same model again does not', async () => {
    const base = new KnowledgeBase();
    await base.addFolder(folder(CORPUS));
    await base.whenIdle();
    const first = countingEmbedder('model-a');
    await base.search('roses', 1, first);
    const second = countingEmbedder('model-b');
    await base.search('roses', 1, second);
    expect(second.texts).toHaveLength(base.index.size + 1);
    const again = countingEmbedder('model-b');
    await base.search('roses', 1, again);
    expect(again.texts).toEqual(['roses']);
  });

  it('a renamed file (same text at another path) is not embedded again', async () => {
    const base = new KnowledgeBase();
    const root = folder(CORPUS);
    await base.addFolder(root);
    await base.whenIdle();
    const embedder = countingEmbedder();
    await base.search('roses', 1, embedder);
    renameSync(join(root, 'garden/roses.md'), join(root, 'garden/flowers.md'));
    base.index.removeFile(root, 'garden/roses.md');
    base.index.setFile(root, 'garden/flowers.md', [
      {
        text: '# Roses\n\nPrune roses in late winter, above an outward bud.',
        location: { kind: 'lines', start: 1, end: 3 },
        heading: 'Roses',
      },
    ]);
    const before = embedder.texts.length;
    const found = await base.search('prune roses', 1, embedder);
    expect(embedder.texts.length - before).toBe(1);
    expect(found.chunks[0]?.file).toBe('garden/flowers.md');
  });

  it('an embedding model that fails leaves the lexical ranking, with the reason', async () => {
    const base = new KnowledgeBase();
    await base.addFolder(folder(CORPUS));
    await base.whenIdle();
    const broken: Embedder = { key: 'broken', embed: async () => Promise.reject(new Error('model "x" not found')) };
    const found = await base.search('boiler pressure', 1, broken);
    expect(found.mode).toBe('lexical');
    expect(found.chunks[0]?.file).toBe('house/boiler.txt');
    expect(found.vectorProblem).toBe('vector search did not run (model "x" not found); the passages are ranked by words only');
  });

  it('bad files are skips in the status and the rest stays searchable', async () => {
    const base = new KnowledgeBase({ maxFileBytes: 1024 });
    const root = folder({
      'good.md': 'The spare key is in the blue pot.',
      'photo.txt': Buffer.from([0, 1, 2, 3]),
      'huge.log': 'x'.repeat(4096),
      'bad.pdf': '%PDF-1.4 nonsense',
    });
    await base.addFolder(root);
    await base.whenIdle();
    const [status] = base.status();
    expect(status).toMatchObject({ state: 'ready', filesFound: 4, filesIndexed: 1, chunks: 1 });
    expect(status?.skipped.map((skip) => skip.file).sort()).toEqual(['bad.pdf', 'huge.log', 'photo.txt']);
    expect((await base.search('spare key', 1, null)).chunks[0]?.file).toBe('good.md');
  });

  it('a folder that cannot be added is a failed status; removing a folder removes its passages', async () => {
    const base = new KnowledgeBase();
    const missing = join(tempDir('taco-knowledge-base-'), 'nope');
    expect(await base.addFolder(missing)).toMatchObject({
      folder: missing,
      state: 'failed',
      error: expect.stringContaining('cannot be read'),
    });
    expect(base.hasFolders).toBe(false);
    const root = folder(CORPUS);
    await base.addFolder(root);
    await base.whenIdle();
    expect(base.removeFolder(root)).toBe(true);
    expect(base.index.size).toBe(0);
    expect((await base.search('roses', 3, null)).chunks).toEqual([]);
  });

  it('indexing yields to the event loop between files', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [`f${index}.md`, `# Note ${index}\n\n${'word '.repeat(200)}`]),
    );
    const base = new KnowledgeBase();
    await base.addFolder(folder(files));
    let turns = 0;
    let done = false;
    const tick = (): void => {
      turns += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await base.whenIdle();
    done = true;
    expect(base.status()[0]?.filesIndexed).toBe(60);
    expect(turns).toBeGreaterThan(1);
  });
});

describe('reciprocal rank fusion', () => {
  it('sums 1/(k + rank) over the rankings', () => {
    const fused = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['c', 'a'],
      ],
      60,
    );
    expect(fused.map((hit) => hit.id)).toEqual(['a', 'c', 'b']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
  });
});

describe('the in-process vector store', () => {
  it('returns the nearest by cosine and stays right after deletes move vectors', () => {
    const store = createInProcessVectorStore();
    store.put(1, [1, 0, 0]);
    store.put(2, [0, 2, 0]);
    store.put(3, [0, 0, 3]);
    store.put(4, [1, 1, 0]);
    expect(store.nearest([0, 1, 0], 2).map((hit) => hit.id)).toEqual([2, 4]);
    store.delete(1);
    expect(store.size).toBe(3);
    expect(store.nearest([0, 0, 1], 1)).toEqual([{ id: 3, score: expect.closeTo(1, 6) }]);
    expect(store.nearest([1, 0.1, 0], 1).map((hit) => hit.id)).toEqual([4]);
    expect(() => store.put(9, [1, 2])).toThrow('a vector of 2 dimensions in a store of 3');
  });
});

describe('the in-process vector store, saved and restored', () => {
  it('a restored snapshot answers as the store it was taken from, and grows from there', () => {
    const store = createInProcessVectorStore();
    const vectors = Array.from({ length: 40 }, (_, id) => [Math.cos(id), Math.sin(id), (id % 7) - 3]);
    vectors.forEach((vector, id) => store.put(id, vector));
    store.delete(5);
    const restored = createInProcessVectorStore();
    restored.restore(store.snapshot());
    for (const query of [
      [1, 0, 0],
      [0, 1, 1],
      [-1, 0.5, -2],
    ])
      expect(restored.nearest(query, 6)).toEqual(store.nearest(query, 6));
    expect(restored.has(5)).toBe(false);
    restored.put(99, [0, 0, 1]);
    expect(restored.nearest([0, 0, 1], 1)[0]?.id).toBe(99);
    expect(() => restored.restore({ ids: [1, 2], data: new Float32Array(5) })).toThrow(/do not divide/);
  });
});
