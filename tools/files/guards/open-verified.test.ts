import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { link, mkdir, open, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceFixture, SECRET, type WorkspaceFixture } from '../workspace-fixture';
import { openFailure, openVerifiedForRead, openVerifiedForWrite, removeVerified } from './open-verified';
import { resolveWorkspacePath, type WorkspacePath } from './workspace-path';

/** The verified opens alone: what they refuse besides swaps (file-races.test.ts), and what removeVerified hands over. */
let fixture: WorkspaceFixture;
beforeEach(async () => {
  fixture = await createWorkspaceFixture();
});
afterEach(async () => {
  await fixture.remove();
});

const target = (relative: string): Promise<WorkspacePath> => resolveWorkspacePath(fixture.workspace, relative);
const message = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe('openVerifiedForRead', () => {
  it('reads a regular file with one link', async () => {
    const { handle, info } = await openVerifiedForRead(await target('inside.txt'));
    try {
      expect(info.isFile()).toBe(true);
      expect(await handle.readFile('utf8')).toContain('hello from inside');
    } finally {
      await handle.close();
    }
  });

  it('refuses a folder, a FIFO (without hanging) and a file gone since the check, each in words', async () => {
    expect(await message(openVerifiedForRead(await target('sub')))).toBe('"sub" is a folder. Use list_directory to see what it holds.');
    execFileSync('mkfifo', [path.join(fixture.workspace, 'pipe')]);
    expect(await message(openVerifiedForRead(await target('pipe')))).toBe('"pipe" is not a regular file, so it cannot be read.');
    const gone = await target('inside.txt');
    expect(await message(openVerifiedForRead(gone, { beforeOpen: () => rm(gone.absolute) }))).toContain(
      'changed while it was being opened (it is gone)',
    );
  });
});

describe('the last component is never followed', () => {
  it('a file swapped for a link to another workspace file after the check is refused, not read in its place', async () => {
    await writeFile(path.join(fixture.workspace, 'a.txt'), 'a');
    const checked = await target('a.txt');
    const swap = async () => {
      await rename(checked.absolute, path.join(fixture.workspace, 'a-old.txt'));
      await symlink(path.join(fixture.workspace, 'inside.txt'), checked.absolute);
    };
    expect(await message(openVerifiedForRead(checked, { beforeOpen: swap }))).toBe(
      '"a.txt" became a symbolic link after it was checked, so it was refused. Use a path to a real file.',
    );
  });
});

describe('hard links', () => {
  it('say which verb they refuse', async () => {
    await link(path.join(fixture.workspace, 'inside.txt'), path.join(fixture.workspace, 'second-name.txt'));
    expect(await message(openVerifiedForRead(await target('inside.txt')))).toContain('has 2 hard links, so it cannot be read');
    expect(await message(openVerifiedForWrite(await target('inside.txt')))).toContain('has 2 hard links, so it cannot be written');
  });
});

describe('openVerifiedForWrite', () => {
  it('creates a new file (created) or opens an existing one (not created)', async () => {
    const fresh = await openVerifiedForWrite(await target('new/made.txt'));
    await fresh.handle.close();
    expect(fresh.created).toBe(true);
    const existing = await openVerifiedForWrite(await target('inside.txt'));
    await existing.handle.close();
    expect(existing.created).toBe(false);
  });

  it('refuses a folder and a FIFO with the file system’s reason, and writes nothing', async () => {
    expect(await message(openVerifiedForWrite(await target('sub')))).toBe('"sub" cannot be opened (EISDIR).');
    execFileSync('mkfifo', [path.join(fixture.workspace, 'pipe')]);
    // Nobody reads the FIFO: a non-blocking open for writing fails at once instead of waiting.
    expect(await message(openVerifiedForWrite(await target('pipe')))).toBe('"pipe" cannot be opened (ENXIO).');
  });

  it('refuses a FIFO that something reads (the open succeeds then), before a byte is written', async () => {
    execFileSync('mkfifo', [path.join(fixture.workspace, 'pipe')]);
    const reader = await open(path.join(fixture.workspace, 'pipe'), constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect(await message(openVerifiedForWrite(await target('pipe')))).toBe('"pipe" is not a regular file, so it cannot be written.');
      expect((await reader.read(Buffer.alloc(8), 0, 8, null)).bytesRead).toBe(0);
    } finally {
      await reader.close();
    }
  });
});

describe('removeVerified', () => {
  it('leaves alone a path that became a link to the very file (moved) before the unlink', async () => {
    const checked = await target('inside.txt');
    const moved = path.join(fixture.workspace, 'moved.txt');
    const beforeUnlink = async () => {
      await rename(checked.absolute, moved);
      await symlink(moved, checked.absolute);
    };
    expect(await message(removeVerified(checked, 100, async () => undefined, { beforeUnlink }))).toBe(
      '"inside.txt" changed while it was being removed, so it was left alone. Try again.',
    );
    expect(await readFile(checked.absolute, 'utf8')).toContain('hello from inside');
  });

  it('hands over the bytes up to the cap, only the size past it, then deletes', async () => {
    const seen: unknown[] = [];
    const keep = async (current: Buffer | { notKept: number }) =>
      void seen.push(Buffer.isBuffer(current) ? current.toString('utf8') : current);
    await writeFile(path.join(fixture.workspace, 'a.txt'), '12345');
    await writeFile(path.join(fixture.workspace, 'b.txt'), '123456');
    await removeVerified(await target('a.txt'), 5, keep);
    await removeVerified(await target('b.txt'), 5, keep);
    expect(seen).toEqual(['12345', { notKept: 6 }]);
    await expect(readFile(path.join(fixture.workspace, 'a.txt'))).rejects.toThrow();
    await expect(readFile(path.join(fixture.workspace, 'b.txt'))).rejects.toThrow();
  });

  it('keeps the file when the caller refuses', async () => {
    const file = path.join(fixture.workspace, 'inside.txt');
    expect(
      await message(
        removeVerified(await target('inside.txt'), 100, async () => {
          throw new Error('not now');
        }),
      ),
    ).toBe('not now');
    expect(await readFile(file, 'utf8')).toContain('hello from inside');
  });
});

describe('a write whose parent folder is swapped for a link out of the workspace', () => {
  const swapParentOut = (relativeFolder: string) => async () => {
    await rm(path.join(fixture.workspace, relativeFolder), { recursive: true });
    await symlink(path.join(fixture.base, 'outside'), path.join(fixture.workspace, relativeFolder));
  };

  it('is refused, and the file it created out there is removed again', async () => {
    await mkdir(path.join(fixture.workspace, 'new'));
    expect(await message(openVerifiedForWrite(await target('new/made.txt'), { beforeOpen: swapParentOut('new') }))).toContain(
      '"new/made.txt" changed while it was being opened',
    );
    await expect(readFile(path.join(fixture.base, 'outside', 'made.txt'))).rejects.toThrow(/ENOENT/);
  });

  it('is refused, and a file that was already there is left as it was', async () => {
    await mkdir(path.join(fixture.workspace, 'new'));
    expect(await message(openVerifiedForWrite(await target('new/secret.txt'), { beforeOpen: swapParentOut('new') }))).toContain(
      'changed while it was being opened',
    );
    expect(await readFile(path.join(fixture.base, 'outside', 'secret.txt'), 'utf8')).toBe(SECRET);
  });
});

describe('why an open failed, in words', () => {
  const failure = (code: string | undefined, text = 'boom'): string =>
    openFailure({ relative: 'a.txt' }, Object.assign(new Error(text), code === undefined ? {} : { code })).message;

  it('a symbolic link (Linux ELOOP, BSD and macOS EMLINK), a file gone, permission denied, or the code itself', () => {
    const link = '"a.txt" became a symbolic link after it was checked, so it was refused. Use a path to a real file.';
    expect(failure('ELOOP')).toBe(link);
    expect(failure('EMLINK')).toBe(link);
    expect(failure('ENOENT')).toBe('"a.txt" changed while it was being opened (it is gone). Try again.');
    expect(failure('EACCES')).toBe('"a.txt" cannot be opened: permission was denied.');
    expect(failure('EPERM')).toBe('"a.txt" cannot be opened: permission was denied.');
    expect(failure('EISDIR')).toBe('"a.txt" cannot be opened (EISDIR).');
    expect(failure(undefined, 'no code at all')).toBe('"a.txt" cannot be opened (no code at all).');
    expect(openFailure({ relative: 'a.txt' }, 'thrown text').message).toBe('"a.txt" cannot be opened (thrown text).');
  });
});
