import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KnowledgeSkip } from '../../../../shared/knowledge/knowledge';
import { cleanupAfterAll } from '../../../../test-support/cleanups';
import { guardDataFolder } from '../../../../tools/files/guards/data-folder-guard';
import { checkKnowledgeFolder, walkFolder, type WalkLimits } from './knowledge-walk';

const { tempDir } = cleanupAfterAll();
const originalHome = process.env['HOME'];
afterEach(() => {
  process.env['HOME'] = originalHome;
});

function tree(files: Record<string, string>): string {
  const root = realpathSync(tempDir('taco-knowledge-walk-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

async function walk(root: string, limits?: WalkLimits): Promise<{ files: string[]; skipped: KnowledgeSkip[] }> {
  const skipped: KnowledgeSkip[] = [];
  const files: string[] = [];
  for await (const file of walkFolder(root, (entry) => skipped.push(entry), limits)) files.push(file.relative);
  return { files, skipped };
}

describe('walking a knowledge folder', () => {
  it('finds every file below, but not names starting with a dot or node_modules', async () => {
    const root = tree({
      'a.md': 'a',
      'sub/b.txt': 'b',
      'sub/deeper/c.ts': 'c',
      '.git/config': 'x',
      '.env': 'SECRET=1',
      'node_modules/m/i.js': 'm',
    });
    expect((await walk(root)).files.sort()).toEqual(['a.md', 'sub/b.txt', 'sub/deeper/c.ts']);
  });

  it('never follows a link out of the folder; a link to a file inside is read at its real place', async () => {
    const outside = tree({ 'secret.txt': 'outside' });
    const root = tree({ 'inside.md': 'in' });
    symlinkSync(join(outside, 'secret.txt'), join(root, 'out-link.txt'));
    symlinkSync(outside, join(root, 'out-folder'));
    symlinkSync(join(root, 'inside.md'), join(root, 'in-link.md'));
    const skipped: KnowledgeSkip[] = [];
    const found = [];
    for await (const file of walkFolder(root, (entry) => skipped.push(entry))) found.push(file);
    expect(found.map((file) => [file.relative, file.absolute])).toEqual([
      ['in-link.md', join(root, 'inside.md')],
      ['inside.md', join(root, 'inside.md')],
    ]);
    expect(skipped).toEqual([
      { file: 'out-folder', reason: 'a link to a place outside the folder is not followed' },
      { file: 'out-link.txt', reason: 'a link to a place outside the folder is not followed' },
    ]);
  });

  it('a link loop (a link to a parent folder) is skipped, never walked', async () => {
    const root = tree({ 'sub/a.md': 'a' });
    symlinkSync(root, join(root, 'sub', 'loop'));
    symlinkSync(join(root, 'sub', 'self'), join(root, 'sub', 'self'));
    const result = await walk(root);
    expect(result.files).toEqual(['sub/a.md']);
    expect(result.skipped).toEqual([
      { file: 'sub/loop', reason: 'a link to a folder is not followed' },
      { file: 'sub/self', reason: 'cannot be read: a link loop' },
    ]);
  });

  it("TACO's data folder inside the knowledge folder is skipped with its reason", async () => {
    const root = tree({ 'notes.md': 'n', 'taco-data/settings.json': '{"key":"secret"}' });
    const release = guardDataFolder(join(root, 'taco-data'));
    try {
      const result = await walk(root);
      expect(result.files).toEqual(['notes.md']);
      expect(result.skipped).toEqual([{ file: 'taco-data', reason: "TACO's own data folder is never indexed" }]);
      expect(await checkKnowledgeFolder(join(root, 'taco-data'))).toEqual({
        ok: false,
        reason: `${join(root, 'taco-data')}: TACO's own data folder is never indexed.`,
      });
    } finally {
      release();
    }
  });

  it('secret places under HOME are never walked, even when the added folder is HOME itself', async () => {
    const home = tree({ 'notes.md': 'n', 'Library/Keychains/login.keychain': 'k', 'snap/firefox/cookies': 'c' });
    process.env['HOME'] = home;
    const result = await walk(home);
    expect(result.files).toEqual(['notes.md']);
    expect(result.skipped.map((skip) => skip.file).sort()).toEqual(['Library/Keychains', 'snap/firefox']);
    expect(await checkKnowledgeFolder(join(home, 'snap', 'firefox'))).toMatchObject({ ok: false });
  });

  it('stops at the file limit and says so; folders past the depth limit are skipped', async () => {
    const root = tree({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd/e/f.txt': 'f' });
    const limited = await walk(root, { maxFiles: 2, maxDepth: 32 });
    expect(limited.files).toEqual(['a.txt', 'b.txt']);
    expect(limited.skipped).toEqual([{ file: '', reason: 'more than 2 files: the rest of the folder is not indexed' }]);
    const shallow = await walk(root, { maxFiles: 100, maxDepth: 1 });
    expect(shallow.files).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(shallow.skipped).toEqual([{ file: 'd/e', reason: 'deeper than 1 folders' }]);
  });

  it('a folder that does not exist or is a file cannot be added', async () => {
    const root = tree({ 'a.txt': 'a' });
    expect(await checkKnowledgeFolder(join(root, 'missing'))).toEqual({
      ok: false,
      reason: `${join(root, 'missing')} cannot be read: it no longer exists.`,
    });
    expect(await checkKnowledgeFolder(join(root, 'a.txt'))).toEqual({ ok: false, reason: `${join(root, 'a.txt')} is not a folder.` });
  });
});
