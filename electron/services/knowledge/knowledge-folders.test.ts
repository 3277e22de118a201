import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../../test-support/cleanups';
import { KnowledgeBase } from './knowledge-base';
import { createKnowledgeFolders } from './knowledge-folders';
import { knowledgeSettingsFile } from './knowledge-settings';

const { tempDir } = cleanupAfterAll();

function folder(files: Record<string, string>): string {
  const root = realpathSync(tempDir('taco-knowledge-folders-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

function setUp(dataDir = realpathSync(tempDir('taco-knowledge-data-'))) {
  const base = new KnowledgeBase();
  const folders = createKnowledgeFolders({ index: base, file: knowledgeSettingsFile(dataDir), now: Date.now });
  return { base, folders, dataDir };
}

describe('knowledge folders', () => {
  it('stores a folder with its scope and indexes it again at the next start', async () => {
    const first = setUp();
    const notes = folder({ 'a.md': '# Boiler\n\nThe boiler pressure is 1.5 bar.\n' });
    const added = await first.folders.add(notes, 'garden');
    expect(added).toMatchObject({ folder: notes, projectId: 'garden', fromCommandLine: false });
    await first.base.whenIdle();

    const again = setUp(first.dataDir);
    await again.folders.start();
    await again.base.whenIdle();
    expect(again.folders.list()).toEqual([expect.objectContaining({ folder: notes, projectId: 'garden', state: 'ready', chunks: 1 })]);
  });

  it('gives a conversation the global folders and its own project’s, never another project’s', async () => {
    const { folders } = setUp();
    const shared = folder({ 'a.txt': 'shared' });
    const garden = folder({ 'b.txt': 'garden' });
    const house = folder({ 'c.txt': 'house' });
    await folders.add(shared, null);
    await folders.add(garden, 'garden');
    await folders.add(house, 'house');
    expect(folders.scopeFor('garden').sort()).toEqual([shared, garden].sort());
    expect(folders.scopeFor(null)).toEqual([shared]);
  });

  it('counts a folder given on the command line as global, and does not remove it', async () => {
    const { base, folders } = setUp();
    const cli = folder({ 'a.txt': 'cli' });
    await base.addFolder(cli);
    expect(folders.scopeFor('any-project')).toEqual([cli]);
    expect(folders.list()).toEqual([expect.objectContaining({ folder: cli, fromCommandLine: true })]);
    await expect(folders.remove(cli)).rejects.toThrow(/command line/);
  });

  it('refuses a missing folder and a folder added twice, in words, and stores none of them', async () => {
    const { folders, dataDir } = setUp();
    const notes = folder({ 'a.txt': 'notes' });
    await folders.add(notes, null);
    await expect(folders.add(notes, 'garden')).rejects.toThrow(/already a knowledge folder/);
    await expect(folders.add(join(notes, 'missing'), null)).rejects.toThrow(/cannot be read/);
    const stored = JSON.parse(readFileSync(join(dataDir, 'knowledge-folders.json'), 'utf8')) as { folders: unknown[] };
    expect(stored.folders).toEqual([{ folder: notes, projectId: null }]);
  });

  it('removes a folder from the list, the store and the index', async () => {
    const { base, folders, dataDir } = setUp();
    const notes = folder({ 'a.md': '# Roses\n\nPrune roses in winter.\n' });
    await folders.add(notes, null);
    await base.whenIdle();
    expect(await folders.remove(notes)).toBe(true);
    expect(folders.list()).toEqual([]);
    expect(base.index.search('roses', 5, null).chunks).toEqual([]);
    expect(JSON.parse(readFileSync(join(dataDir, 'knowledge-folders.json'), 'utf8'))).toEqual({ version: 1, folders: [] });
  });

  it('reads a garbled list as no folders and says so', async () => {
    const { folders, dataDir } = setUp();
    writeFileSync(join(dataDir, 'knowledge-folders.json'), '{"version": 1, "folders": [{"folder": 3}]}');
    await folders.start();
    expect(folders.list()).toEqual([]);
    expect(folders.problem()).toMatch(/not in the expected form/);
  });

  it('tells listeners of progress and of the finished index', async () => {
    const { base, folders } = setUp();
    const seen: string[][] = [];
    folders.subscribe((list) => seen.push(list.map((status) => status.state)));
    await folders.add(folder({ 'a.txt': 'one' }), null);
    await base.whenIdle();
    folders.changed();
    expect(seen[0]).toEqual(['indexing']);
    await expect.poll(() => seen.at(-1)).toEqual(['ready']);
  });
});
