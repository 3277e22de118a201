import { DEFAULTS } from '../../shared/constants';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/contract/json';
import { createTestToolContext } from '../catalogue/tool-test-context';
import type { ToolOutcome, ToolRun } from '../catalogue/tool-runtime-types';
import { NO_WORKSPACE_MESSAGE } from './guards/workspace-path';
import { createWorkspaceFixture, SECRET, type WorkspaceFixture } from './workspace-fixture';
import { run as readFileRun } from './read_file';
import { preview as writePreview, run as writeFileRun } from './write_file';
import { run as listDirectoryRun } from './list_directory';
import { run as searchFilesRun } from './search_files';

let fixture: WorkspaceFixture;
beforeEach(async () => {
  fixture = await createWorkspaceFixture();
});
afterEach(async () => {
  await fixture.remove();
});

const context = () => createTestToolContext({ workspace: fixture.workspace });

function parsed(outcome: ToolOutcome): JsonObject {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${outcome.type}`);
  return JSON.parse(outcome.output) as JsonObject;
}

async function failure(run: ToolRun, args: JsonObject, workspace: string | null = fixture.workspace): Promise<string> {
  const error: unknown = await run(args, createTestToolContext({ workspace })).then(
    () => new Error('expected the tool to fail'),
    (thrown: unknown) => thrown,
  );
  return error instanceof Error ? error.message : String(error);
}

describe('read_file', () => {
  it('reads a text file inside the workspace', async () => {
    expect(parsed(await readFileRun({ path: 'inside.txt' }, context()))).toEqual({
      path: 'inside.txt',
      content: 'hello from inside\nsecond line\n',
      size_bytes: 30,
      truncated: false,
    });
  });

  it('never returns the content of a file outside, by any route', async () => {
    for (const route of [
      '../outside/secret.txt',
      'link-out-file',
      'link-out-dir/secret.txt',
      '../ws-evil/secret.txt',
      path.join(fixture.base, 'outside', 'secret.txt'),
    ]) {
      const message = await failure(readFileRun, { path: route });
      expect(message).toContain('outside the workspace folder');
      expect(message).not.toContain(SECRET);
    }
  });

  it('explains missing files, folders, binary files and a missing workspace', async () => {
    expect(await failure(readFileRun, { path: 'nope.txt' })).toContain('does not exist');
    expect(await failure(readFileRun, { path: 'sub' })).toContain('is a folder');
    await writeFile(path.join(fixture.workspace, 'image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    expect(await failure(readFileRun, { path: 'image.bin' })).toContain('binary file');
    expect(await failure(readFileRun, { path: 'inside.txt' }, null)).toBe(NO_WORKSPACE_MESSAGE);
  });
});

describe('write_file', () => {
  it('creates a new file, with its folders', async () => {
    const result = parsed(await writeFileRun({ path: 'new/deep/hello.py', content: 'print("hi")\n' }, context()));
    expect(result).toEqual({ path: path.join('new', 'deep', 'hello.py'), size_bytes: 12, created: true });
    expect(await readFile(path.join(fixture.workspace, 'new', 'deep', 'hello.py'), 'utf8')).toBe('print("hi")\n');
  });

  it('replaces an existing file', async () => {
    expect(parsed(await writeFileRun({ path: 'inside.txt', content: 'new' }, context())).created).toBe(false);
    expect(await readFile(path.join(fixture.workspace, 'inside.txt'), 'utf8')).toBe('new');
  });

  it('writes through a link that stays inside', async () => {
    await writeFileRun({ path: 'link-in/file.txt', content: 'via link' }, context());
    expect(await readFile(path.join(fixture.workspace, 'sub', 'file.txt'), 'utf8')).toBe('via link');
  });

  it('refuses writes outside, and leaves the outside untouched', async () => {
    for (const route of [
      '../outside/secret.txt',
      'link-out-file',
      'link-out-dir/secret.txt',
      'link-out-dir/planted.txt',
      'dangling',
      '../ws-evil/secret.txt',
    ]) {
      expect(await failure(writeFileRun, { path: route, content: 'pwned' })).toMatch(/outside the workspace folder|symbolic link/);
    }
    expect(await readFile(path.join(fixture.base, 'outside', 'secret.txt'), 'utf8')).toBe(SECRET);
    expect(await readFile(path.join(fixture.base, 'ws-evil', 'secret.txt'), 'utf8')).toBe(SECRET);
  });

  it('refuses to write over a folder or the workspace itself', async () => {
    expect(await failure(writeFileRun, { path: 'sub', content: 'x' })).toContain('is a folder');
    expect(await failure(writeFileRun, { path: '.', content: 'x' })).toContain('is a folder');
  });

  it('previews a unified diff against the current file', async () => {
    const diff = await writePreview({ path: 'inside.txt', content: 'hello from inside\nchanged line\n' }, context());
    expect(diff).toContain('--- inside.txt');
    expect(diff).toContain('+++ inside.txt');
    expect(diff).toContain('-second line');
    expect(diff).toContain('+changed line');
    expect(diff).not.toContain('+hello from inside');
  });

  it('previews a new file as a diff from empty', async () => {
    const diff = await writePreview({ path: 'fresh.md', content: 'line one\nline two\n' }, context());
    expect(diff?.startsWith('--- /dev/null')).toBe(true);
    expect(diff).toContain('+line one');
    expect(diff).toContain('+line two');
  });

  it('previews a change too large to diff as a size summary (the diff gives up past DEFAULTS.diff.maxEditLines)', async () => {
    const lines = (prefix: string): string => Array.from({ length: 3_000 }, (_, index) => `${prefix} ${index}`).join('\n');
    await writeFile(path.join(fixture.workspace, 'big.txt'), lines('old'));
    const preview = await writePreview({ path: 'big.txt', content: lines('new') }, context());
    expect(preview).toMatch(
      /^big\.txt: too many changes to show as a diff\. The file goes from 3000 lines \(\d+ bytes\) to 3000 lines \(\d+ bytes\)\.$/,
    );
  });

  it('gives no preview for a write that will be refused', async () => {
    expect(await writePreview({ path: 'link-out-file', content: 'x' }, context())).toBeNull();
    expect(await writePreview({ path: 'a.txt', content: 'x' }, createTestToolContext())).toBeNull();
  });
});

describe('list_directory', () => {
  it('lists folders first, then files with sizes, and shows links without following them', async () => {
    const result = parsed(await listDirectoryRun({}, context()));
    expect(result.path).toBe('.');
    expect(result.entries).toEqual([
      { name: 'sub', type: 'folder' },
      { name: 'dangling', type: 'symlink' },
      { name: 'inside.txt', type: 'file', size_bytes: 30 },
      { name: 'link-in', type: 'symlink' },
      { name: 'link-out-dir', type: 'symlink' },
      { name: 'link-out-file', type: 'symlink' },
      { name: 'loop-a', type: 'symlink' },
      { name: 'loop-b', type: 'symlink' },
    ]);
    expect(result.truncated).toBe(false);
  });

  it('lists a sub-folder and refuses folders outside', async () => {
    expect(parsed(await listDirectoryRun({ path: 'sub' }, context())).entries).toEqual([
      { name: 'deeper', type: 'folder' },
      { name: 'file.txt', type: 'file', size_bytes: 12 },
    ]);
    expect(await failure(listDirectoryRun, { path: 'link-out-dir' })).toContain('through a symbolic link');
    expect(await failure(listDirectoryRun, { path: '..' })).toContain('outside the workspace folder');
    expect(await failure(listDirectoryRun, { path: 'inside.txt' })).toContain('is a file');
  });
});

describe('search_files', () => {
  it('finds file names and lines of content', async () => {
    const result = parsed(await searchFilesRun({ pattern: 'todo' }, context()));
    expect(result.results).toEqual([{ path: path.join('sub', 'deeper', 'notes.md'), match: 'content', line: 2, text: 'TODO: buy milk' }]);
    const byName = parsed(await searchFilesRun({ pattern: 'file' }, context()));
    expect(byName.results).toEqual(expect.arrayContaining([{ path: path.join('sub', 'file.txt'), match: 'name' }]));
  });

  it('matches file-name globs only', async () => {
    expect(parsed(await searchFilesRun({ pattern: '*.md' }, context())).results).toEqual([
      { path: path.join('sub', 'deeper', 'notes.md'), match: 'name' },
    ]);
  });

  it('does not follow links out of the workspace', async () => {
    const result = parsed(await searchFilesRun({ pattern: 'secret' }, context()));
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(result.results).toEqual([]);
  });

  it('searches a sub-folder only, and refuses one outside', async () => {
    expect(parsed(await searchFilesRun({ pattern: 'line', path: 'sub' }, context())).results).toEqual([]);
    expect(await failure(searchFilesRun, { pattern: 'x', path: '../outside' })).toContain('outside the workspace folder');
  });

  it('caps the number of results', async () => {
    await writeFile(path.join(fixture.workspace, 'many.txt'), Array.from({ length: 200 }, (_, i) => `match ${i}`).join('\n'));
    const result = parsed(await searchFilesRun({ pattern: 'match' }, context()));
    expect(Array.isArray(result.results) && result.results.length).toBe(DEFAULTS.tools.searchMaxResults);
    expect(result.truncated).toBe(true);
  });
});
