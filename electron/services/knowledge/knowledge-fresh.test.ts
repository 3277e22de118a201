import { mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { fakeEmbedding } from '../../../test-support/fake-ollama/embed-endpoint';
import { KnowledgeBase, type Embedder, type KnowledgeEvent } from './knowledge-base';

const { tempDir } = cleanupAfterAll();

function folder(files: Record<string, string>): string {
  const root = realpathSync(tempDir('taco-knowledge-fresh-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

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

/** Resolves with the first event that `match` accepts (events are the index's own; no sleeping). */
function nextEvent<T extends KnowledgeEvent>(base: KnowledgeBase, match: (event: KnowledgeEvent) => event is T): Promise<T>;
function nextEvent(base: KnowledgeBase, match: (event: KnowledgeEvent) => boolean): Promise<KnowledgeEvent>;
function nextEvent(base: KnowledgeBase, match: (event: KnowledgeEvent) => boolean): Promise<KnowledgeEvent> {
  return new Promise((resolve) => {
    const stop = base.onChange((event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

const updated = (event: KnowledgeEvent): event is Extract<KnowledgeEvent, { type: 'updated' }> => event.type === 'updated';
const saved = (event: KnowledgeEvent): boolean => event.type === 'saved';

const NOTES = {
  'garden/roses.md': '# Roses\n\nPrune roses in late winter, above an outward bud.\n',
  'house/boiler.txt': 'The boiler pressure should read 1.5 bar when cold.\n',
};

async function filesOfSearch(base: KnowledgeBase, query: string): Promise<string[]> {
  return (await base.search(query, 5, null)).chunks.map((chunk) => chunk.file);
}

describe('a saved knowledge index', () => {
  it('survives a restart: unchanged files are not read again, a changed one is, the vectors come back', async () => {
    const indexDir = tempDir('taco-knowledge-saved-');
    const root = folder(NOTES);
    const first = new KnowledgeBase({ indexDir, watch: false, saveDelayMs: 0 });
    const embedder = countingEmbedder();
    const firstSave = nextEvent(first, saved);
    await first.addFolder(root);
    await first.whenIdle();
    await firstSave;
    const secondSave = nextEvent(first, saved);
    await first.search('roses', 3, embedder);
    await secondSave;
    await first.close();
    const embeddedOnce = embedder.texts.length;

    writeFileSync(join(root, 'house/boiler.txt'), 'The boiler pressure should read 1.2 bar when cold.\n');
    const second = new KnowledgeBase({ indexDir, watch: false });
    const pass = nextEvent(second, updated);
    await second.addFolder(root);
    expect((await pass).read).toEqual(['house/boiler.txt']);
    expect(second.status()[0]).toMatchObject({ state: 'ready', filesFound: 2, filesIndexed: 2, note: null });
    expect(await filesOfSearch(second, 'prune roses')).toEqual(['garden/roses.md']);
    await second.search('roses', 3, embedder);
    // The roses chunk's vector came back from the saved index; only the changed chunk and the queries were embedded.
    expect(embedder.texts.slice(embeddedOnce).filter((text) => text.includes('Prune roses'))).toEqual([]);
    expect(embedder.texts.slice(embeddedOnce).some((text) => text.includes('1.2 bar'))).toBe(true);
    await second.close();
  });

  it('another embedding model re-embeds what the saved index holds', async () => {
    const indexDir = tempDir('taco-knowledge-saved-');
    const root = folder(NOTES);
    const first = new KnowledgeBase({ indexDir, watch: false, saveDelayMs: 0 });
    await first.addFolder(root);
    await first.whenIdle();
    const vectorsSaved = nextEvent(first, saved);
    await first.search('roses', 3, countingEmbedder('model-a'));
    await vectorsSaved;
    await first.close();

    const second = new KnowledgeBase({ indexDir, watch: false });
    await second.addFolder(root);
    await second.whenIdle();
    const other = countingEmbedder('model-b');
    expect((await second.search('roses', 3, other)).mode).toBe('hybrid');
    expect(other.texts.filter((text) => text.includes('Prune roses'))).toHaveLength(1);
    await second.close();
  });

  it('a corrupt saved index is moved aside and the folder indexed anew, with the reason in the status', async () => {
    const indexDir = tempDir('taco-knowledge-saved-');
    const root = folder(NOTES);
    const first = new KnowledgeBase({ indexDir, watch: false, saveDelayMs: 0 });
    const firstSave = nextEvent(first, saved);
    await first.addFolder(root);
    await firstSave;
    await first.close();
    const [savedFolder] = readdirSync(indexDir);
    writeFileSync(join(indexDir, savedFolder!, 'index.json'), '{"version": 1, "files": {');

    const second = new KnowledgeBase({ indexDir, watch: false });
    const pass = nextEvent(second, updated);
    await second.addFolder(root);
    expect((await pass).read.sort()).toEqual(['garden/roses.md', 'house/boiler.txt']);
    expect(second.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 2, note: expect.stringContaining('not valid JSON') });
    expect(readdirSync(join(indexDir, savedFolder!)).some((name) => name.startsWith('corrupt-'))).toBe(true);
    expect(await filesOfSearch(second, 'boiler pressure')).toEqual(['house/boiler.txt']);
    await second.close();
  });
});

describe('a watched knowledge folder', () => {
  async function watched(
    files: Record<string, string>,
  ): Promise<{ base: KnowledgeBase; root: string; embedder: ReturnType<typeof countingEmbedder> }> {
    const root = folder(files);
    const base = new KnowledgeBase({ debounceMs: 50 });
    await base.addFolder(root);
    await base.whenIdle();
    const embedder = countingEmbedder();
    await base.search('anything', 1, embedder);
    return { base, root, embedder };
  }

  it('an added, a changed and a deleted file update the index without re-reading the rest', async () => {
    const { base, root } = await watched(NOTES);
    let pass = nextEvent(base, updated);
    writeFileSync(join(root, 'garden/tulips.md'), '# Tulips\n\nPlant tulip bulbs in autumn.\n');
    expect((await pass).read).toEqual(['garden/tulips.md']);
    expect(await filesOfSearch(base, 'tulip bulbs')).toEqual(['garden/tulips.md']);

    pass = nextEvent(base, updated);
    writeFileSync(join(root, 'house/boiler.txt'), 'The water heater hums at night.\n');
    expect((await pass).read).toEqual(['house/boiler.txt']);
    expect(await filesOfSearch(base, 'water heater')).toEqual(['house/boiler.txt']);
    expect(await filesOfSearch(base, 'pressure')).toEqual([]);

    pass = nextEvent(base, updated);
    unlinkSync(join(root, 'garden/roses.md'));
    expect(await pass).toMatchObject({ read: [], removed: ['garden/roses.md'] });
    expect(await filesOfSearch(base, 'prune roses')).toEqual([]);
    expect(base.status()[0]).toMatchObject({ filesFound: 2, filesIndexed: 2 });
    await base.close();
  });

  it('a renamed file is not embedded again', async () => {
    const { base, root, embedder } = await watched(NOTES);
    const before = embedder.texts.length;
    const pass = nextEvent(base, updated);
    renameSync(join(root, 'garden/roses.md'), join(root, 'garden/old-roses.md'));
    expect(await pass).toMatchObject({ read: ['garden/old-roses.md'], removed: ['garden/roses.md'] });
    await base.search('prune roses', 3, embedder);
    // Only the query was embedded: the renamed chunk took its vector back by its text.
    expect(embedder.texts.slice(before)).toEqual(['prune roses']);
    expect(await filesOfSearch(base, 'prune roses')).toEqual(['garden/old-roses.md']);
    await base.close();
  });

  it('a burst of changes is one pass', async () => {
    const { base, root } = await watched(NOTES);
    const passes: string[][] = [];
    base.onChange((event) => {
      if (event.type === 'updated') passes.push(event.read);
    });
    const pass = nextEvent(base, updated);
    for (let n = 0; n < 20; n += 1) writeFileSync(join(root, `n${n}.md`), `# Note ${n}\n\nburst word ${n}\n`);
    expect((await pass).read).toHaveLength(20);
    await base.whenIdle();
    expect(passes).toHaveLength(1);
    await base.close();
  });

  it('a link added to a place outside the folder is not followed', async () => {
    const outside = folder({ 'secret.md': '# Secret\n\nThe vault code is 4711.\n' });
    const { base, root } = await watched(NOTES);
    const pass = nextEvent(base, updated);
    symlinkSync(join(outside, 'secret.md'), join(root, 'linked.md'));
    expect((await pass).read).toEqual([]);
    expect(await filesOfSearch(base, 'vault code')).toEqual([]);
    expect(base.status()[0]?.skipped).toContainEqual({ file: 'linked.md', reason: expect.stringContaining('outside the folder') });
    await base.close();
  });

  it('a folder removed while watched fails with its reason; the other folders stay searchable', async () => {
    const { base, root } = await watched(NOTES);
    const other = folder({ 'kept.md': '# Kept\n\nThe spare key is under the mat.\n' });
    await base.addFolder(other);
    await base.whenIdle();
    const failed = nextEvent(base, (event) => event.type === 'status' && event.status.folder === root && event.status.state === 'failed');
    rmSync(root, { recursive: true, force: true });
    expect(await failed).toMatchObject({ status: { error: expect.stringContaining('no longer exists') } });
    expect(await filesOfSearch(base, 'prune roses')).toEqual([]);
    expect(await filesOfSearch(base, 'spare key')).toEqual(['kept.md']);
    await base.close();
  });
});

describe('a saved index with a broken vectors file', () => {
  it('is moved aside like any corrupt index', async () => {
    const indexDir = tempDir('taco-knowledge-saved-');
    const root = folder(NOTES);
    const first = new KnowledgeBase({ indexDir, watch: false, saveDelayMs: 0 });
    await first.addFolder(root);
    await first.whenIdle();
    const vectorsSaved = nextEvent(first, saved);
    await first.search('roses', 3, countingEmbedder());
    await vectorsSaved;
    await first.close();
    const [savedFolder] = readdirSync(indexDir);
    writeFileSync(join(indexDir, savedFolder!, 'vectors.f32'), Buffer.alloc(7));

    const second = new KnowledgeBase({ indexDir, watch: false });
    await second.addFolder(root);
    await second.whenIdle();
    expect(second.status()[0]).toMatchObject({
      state: 'ready',
      filesIndexed: 2,
      note: expect.stringContaining('vectors file has 7 bytes'),
    });
    await second.close();
  });
});
