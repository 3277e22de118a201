import { link, mkdir, readFile, rename, rm, symlink, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../shared/contract/json';
import { createTestToolContext } from '../../catalogue/tool-test-context';
import type { ToolRun } from '../../catalogue/tool-runtime-types';
import { createWorkspaceFixture, SECRET, type WorkspaceFixture } from '../workspace-fixture';
import { run as readFileRun, readWorkspaceFile } from '../read_file';
import { run as writeFileRun, writeWorkspaceFile } from '../write_file';
import { run as searchFilesRun } from '../search_files';

let fixture: WorkspaceFixture;
beforeEach(async () => {
  fixture = await createWorkspaceFixture();
});
afterEach(async () => {
  await fixture.remove();
});

const ws = (...parts: string[]) => path.join(fixture.workspace, ...parts);
const outside = (...parts: string[]) => path.join(fixture.base, 'outside', ...parts);

async function failure(run: ToolRun, args: JsonObject): Promise<string> {
  const error: unknown = await run(args, createTestToolContext({ workspace: fixture.workspace })).then(
    () => new Error('expected the tool to fail'),
    (thrown: unknown) => thrown,
  );
  return error instanceof Error ? error.message : String(error);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe('file tools: hard links', () => {
  it('read_file refuses a file with another hard link (it may be outside the workspace), and says why', async () => {
    await link(outside('secret.txt'), ws('innocent.txt'));
    const message = await failure(readFileRun, { path: 'innocent.txt' });
    expect(message).toMatch(/2 hard links/);
    expect(message).toMatch(/cannot tell where the other/);
    expect(message).not.toContain(SECRET);
  });

  it('write_file refuses a file with another hard link, and the other file is unchanged', async () => {
    await link(outside('secret.txt'), ws('innocent.txt'));
    expect(await failure(writeFileRun, { path: 'innocent.txt', content: 'overwritten' })).toMatch(/2 hard links/);
    expect(await readFile(outside('secret.txt'), 'utf8')).toBe(SECRET);
  });

  it('search_files does not show lines of a hard-linked file', async () => {
    await link(outside('secret.txt'), ws('innocent.txt'));
    const outcome = await searchFilesRun({ pattern: 'TOP-SECRET' }, createTestToolContext({ workspace: fixture.workspace }));
    expect(outcome.type === 'result' && outcome.output).not.toContain(SECRET);
  });

  it('files with one link still read and write', async () => {
    const context = createTestToolContext({ workspace: fixture.workspace });
    await writeFileRun({ path: 'sub/new.txt', content: 'fresh' }, context);
    await writeFileRun({ path: 'inside.txt', content: 'replaced' }, context);
    expect(await readFile(ws('inside.txt'), 'utf8')).toBe('replaced');
    const outcome = await readFileRun({ path: 'sub/new.txt' }, context);
    expect(outcome.type === 'result' && JSON.parse(outcome.output)).toMatchObject({ content: 'fresh' });
  });
});

describe('file tools: the file opened is the file checked (symlink swaps between check and use)', () => {
  it('read: the file is swapped for a symlink to a secret after the check', async () => {
    const reading = readWorkspaceFile(fixture.workspace, 'inside.txt', {
      beforeOpen: async () => {
        await rm(ws('inside.txt'));
        await symlink(outside('secret.txt'), ws('inside.txt'));
      },
    });
    await expect(reading).rejects.toThrow(/changed while it was being opened|symbolic link/);
  });

  it('read: a folder on the path is swapped for a symlink to outside after the check', async () => {
    await writeFile(outside('file.txt'), SECRET);
    const reading = readWorkspaceFile(fixture.workspace, 'sub/file.txt', {
      beforeOpen: async () => {
        await rename(ws('sub'), ws('sub-old'));
        await symlink(outside(), ws('sub'));
      },
    });
    await expect(reading).rejects.toThrow(/changed while it was being opened/);
  });

  it('write to an existing file: a folder swap to outside is caught before anything is written', async () => {
    await writeFile(outside('file.txt'), SECRET);
    const writing = writeWorkspaceFile(fixture.workspace, 'sub/file.txt', 'pwned', {
      beforeOpen: async () => {
        await rename(ws('sub'), ws('sub-old'));
        await symlink(outside(), ws('sub'));
      },
    });
    await expect(writing).rejects.toThrow(/changed while it was being opened/);
    expect(await readFile(outside('file.txt'), 'utf8')).toBe(SECRET);
  });

  it('write to a new file: a folder swap to outside leaves no file outside', async () => {
    await mkdir(ws('fresh'));
    const writing = writeWorkspaceFile(fixture.workspace, 'fresh/new.txt', 'pwned', {
      beforeOpen: async () => {
        await rename(ws('fresh'), ws('fresh-old'));
        await symlink(outside(), ws('fresh'));
      },
    });
    await expect(writing).rejects.toThrow(/changed while it was being opened/);
    expect(await exists(outside('new.txt'))).toBe(false);
  });

  it('write: the file is swapped for a symlink to a secret after the check; the secret is unchanged', async () => {
    const writing = writeWorkspaceFile(fixture.workspace, 'inside.txt', 'pwned', {
      beforeOpen: async () => {
        await rm(ws('inside.txt'));
        await symlink(outside('secret.txt'), ws('inside.txt'));
      },
    });
    await expect(writing).rejects.toThrow(/changed while it was being opened|symbolic link/);
    expect(await readFile(outside('secret.txt'), 'utf8')).toBe(SECRET);
  });
});
