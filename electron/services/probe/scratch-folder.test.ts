import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeTaskSchema } from '../../../shared/probe/probe-task';
import { createScratchFolder, removeTreeSync } from './scratch-folder';

const task = probeTaskSchema.parse({
  id: 'read_fact',
  title: 'Read a fact',
  measures: 'Reading.',
  prompt: 'What is in notes.txt?',
  files: { 'notes.txt': 'The code is 4417.', 'deep/inside/a.txt': 'a', 'logs/app.log': { lines: 3, line: 'ok {n}', at: { '2': 'ERROR' } } },
  check: { answerIncludes: ['4417'], fileEquals: { 'notes.txt': 'x', 'missing.txt': 'y' } },
});

describe('the scratch folder of a try', () => {
  it('holds the task’s files, generated ones included, reads back its checked files, and is gone once removed', async () => {
    const folders = await Promise.all([createScratchFolder(task), createScratchFolder(task)]);
    for (const folder of folders) {
      expect(readFileSync(`${folder.root}/deep/inside/a.txt`, 'utf8')).toBe('a');
      expect(readFileSync(`${folder.root}/logs/app.log`, 'utf8')).toBe('ok 1\nERROR\nok 3\n');
      expect(await folder.readChecked()).toEqual({ 'notes.txt': 'The code is 4417.', 'missing.txt': null });
    }
    expect(folders[0]?.root).not.toBe(folders[1]?.root);
    await Promise.all(folders.map((folder) => folder.remove()));
    for (const folder of folders) expect(existsSync(folder.root)).toBe(false);
  });

  it('is made in the system’s temp folder, its path real, when the scratch base cannot take it', async () => {
    const folder = await createScratchFolder(task, path.join(realpathSync(tmpdir()), 'taco-no-such-base', 'deeper'));
    expect(path.dirname(folder.root)).toBe(realpathSync(tmpdir()));
    expect(realpathSync(folder.root)).toBe(folder.root);
    expect(readFileSync(`${folder.root}/notes.txt`, 'utf8')).toBe('The code is 4417.');
    await folder.remove();
    expect(existsSync(folder.root)).toBe(false);
  });

  it('has a real path in the scratch base', async () => {
    const folder = await createScratchFolder(task);
    expect(realpathSync(folder.root)).toBe(folder.root);
    await folder.remove();
  });

  it('removes what the try left, nested folders and links, without following a link out of the folder', async () => {
    const outside = mkdtempSync(path.join(realpathSync(tmpdir()), 'taco-outside-'));
    writeFileSync(path.join(outside, 'keep.txt'), 'keep');
    const folder = await createScratchFolder(task);
    mkdirSync(`${folder.root}/made/by/the/try`, { recursive: true });
    writeFileSync(`${folder.root}/made/by/the/try/x.txt`, 'x');
    symlinkSync(outside, `${folder.root}/link-to-outside`);
    symlinkSync(path.join(outside, 'keep.txt'), `${folder.root}/deep/link-to-file`);
    await folder.remove();
    expect(existsSync(folder.root)).toBe(false);
    expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('keep');
    rmSync(outside, { recursive: true, force: true });
  });

  it('removes a folder whose entries cannot be listed one by one through the recursive removal', () => {
    // A path that is a file, not a folder: the lean listing throws and the recursive removal takes it.
    const base = mkdtempSync(path.join(realpathSync(tmpdir()), 'taco-remove-'));
    writeFileSync(path.join(base, 'plain.txt'), 'x');
    removeTreeSync(path.join(base, 'plain.txt'));
    expect(existsSync(path.join(base, 'plain.txt'))).toBe(false);
    removeTreeSync(path.join(base, 'never-there'));
    removeTreeSync(base);
    expect(existsSync(base)).toBe(false);
  });
});
