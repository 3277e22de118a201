import type { Stats } from 'node:fs';
import { link, open, readFile, rename, stat, symlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceFixture, type WorkspaceFixture } from '../workspace-fixture';
import { openVerifiedForRead, openVerifiedForWrite, removeVerified, type VerifiedFs } from './open-verified';
import { resolveWorkspacePath, type WorkspacePath } from './workspace-path';

/**
 * The verified opens with a swap put between two of their file-system calls (the `fs` seam):
 * after the open and before its check, between the check and the unlink, and on a second file
 * system (another `dev`). What file-races.test.ts cannot reach by swapping before the open.
 */
let fixture: WorkspaceFixture;
beforeEach(async () => {
  fixture = await createWorkspaceFixture();
});
afterEach(async () => {
  await fixture.remove();
});

const target = (relative: string): Promise<WorkspacePath> => resolveWorkspacePath(fixture.workspace, relative);
const inWorkspace = (relative: string): string => path.join(fixture.workspace, relative);
const message = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
const OPEN_SWAP = 'changed while it was being opened (a symbolic link or folder was swapped), so it was refused.';
const REMOVE_SWAP = '"inside.txt" changed while it was being removed, so it was left alone. Try again.';

/** The same stats as if the file were on another file system (or another inode). */
const alike = (real: Stats, change: Partial<Pick<Stats, 'dev' | 'ino'>>): Stats =>
  Object.assign(Object.create(Object.getPrototypeOf(real) as object) as Stats, real, change);

/** A real open whose handle records whether it was closed; `after` runs once the file is open. */
function trackedOpen(after: () => Promise<void> = async () => undefined) {
  const handles: Array<{ handle: FileHandle; closed: boolean }> = [];
  const wrapped: VerifiedFs['open'] = async (file, flags, mode) => {
    const handle = await open(file, flags, mode);
    const entry = { handle, closed: false };
    const close = handle.close.bind(handle);
    handle.close = async () => {
      entry.closed = true;
      await close();
    };
    handles.push(entry);
    await after();
    return handle;
  };
  return { open: wrapped, closed: () => handles.map((each) => each.closed) };
}

/** Replaces `relative` by another regular file (a different inode) under the same name. */
const replaceWithOther = (relative: string) => async () => {
  await writeFile(inWorkspace('other.txt'), 'another file');
  await rename(inWorkspace('other.txt'), inWorkspace(relative));
};

describe('a swap after the open and before its check', () => {
  it('a read of a file replaced by another one is refused, and its handle closed', async () => {
    const opened = trackedOpen(replaceWithOther('inside.txt'));
    expect(await message(openVerifiedForRead(await target('inside.txt'), { fs: { open: opened.open } }))).toContain(OPEN_SWAP);
    expect(opened.closed()).toEqual([true]);
  });

  it('a read whose path names the file on another device (same inode number) is refused', async () => {
    const otherDevice: VerifiedFs['stat'] = async (file) => alike(await stat(file), { dev: (await stat(file)).dev + 1 });
    expect(await message(openVerifiedForRead(await target('inside.txt'), { fs: { stat: otherDevice } }))).toBe(
      `"inside.txt" ${OPEN_SWAP} Try again; if it keeps happening, something is changing the workspace folder.`,
    );
  });

  it('a read whose path cannot be resolved, or stated, any more is refused in words', async () => {
    const gone = async (): Promise<never> => {
      throw Object.assign(new Error('gone'), { code: 'ENOENT' });
    };
    expect(await message(openVerifiedForRead(await target('inside.txt'), { fs: { realpath: gone } }))).toContain(OPEN_SWAP);
    expect(await message(openVerifiedForRead(await target('inside.txt'), { fs: { stat: gone } }))).toContain(OPEN_SWAP);
  });

  it('an existing file replaced before its check is refused and left as it is now (it was not created by the write)', async () => {
    const opened = trackedOpen(replaceWithOther('inside.txt'));
    expect(await message(openVerifiedForWrite(await target('inside.txt'), { fs: { open: opened.open } }))).toContain(OPEN_SWAP);
    expect(await readFile(inWorkspace('inside.txt'), 'utf8')).toBe('another file');
    expect(opened.closed()).toEqual([true]);
  });

  it('a file the write created, replaced before its check, is refused and the replacement is kept', async () => {
    const opened = trackedOpen(replaceWithOther('made.txt'));
    expect(await message(openVerifiedForWrite(await target('made.txt'), { fs: { open: opened.open } }))).toContain(OPEN_SWAP);
    expect(await readFile(inWorkspace('made.txt'), 'utf8')).toBe('another file');
    expect(opened.closed()).toEqual([true]);
  });

  it('a file the write created, moved away before its check, is refused in words (nothing left to remove)', async () => {
    const opened = trackedOpen(() => rename(inWorkspace('made.txt'), inWorkspace('moved.txt')));
    expect(await message(openVerifiedForWrite(await target('made.txt'), { fs: { open: opened.open } }))).toBe(
      `"made.txt" ${OPEN_SWAP} Try again; if it keeps happening, something is changing the workspace folder.`,
    );
    expect(await readFile(inWorkspace('moved.txt'), 'utf8')).toBe('');
  });

  it('a file the write created whose path names it on another device is refused and not removed (it may not be the one created)', async () => {
    const otherDevice: VerifiedFs['stat'] = async (file) => alike(await stat(file), { dev: (await stat(file)).dev + 1 });
    expect(await message(openVerifiedForWrite(await target('made.txt'), { fs: { stat: otherDevice } }))).toContain(OPEN_SWAP);
    expect((await stat(inWorkspace('made.txt'))).isFile()).toBe(true);
  });

  it('a failing clean-up of the created file still gives the refusal, and closes the handle', async () => {
    const cannot = async (): Promise<never> => {
      throw Object.assign(new Error('busy'), { code: 'EBUSY' });
    };
    const opened = trackedOpen();
    const outside: VerifiedFs['realpath'] = async () => path.join(fixture.base, 'outside', 'made.txt');
    expect(
      await message(openVerifiedForWrite(await target('made.txt'), { fs: { open: opened.open, realpath: outside, unlink: cannot } })),
    ).toContain(OPEN_SWAP);
    expect(opened.closed()).toEqual([true]);
  });
});

describe('the write opens an existing file only when the exclusive create says it exists', () => {
  it('any other failure of the create is the refusal, without a second open', async () => {
    const calls: number[] = [];
    const denied: VerifiedFs['open'] = async (file, flags, mode) => {
      calls.push(flags);
      if (calls.length === 1) throw Object.assign(new Error('denied'), { code: 'EACCES' });
      return open(file, flags, mode);
    };
    expect(await message(openVerifiedForWrite(await target('inside.txt'), { fs: { open: denied } }))).toBe(
      '"inside.txt" cannot be opened: permission was denied.',
    );
    expect(calls).toHaveLength(1);
  });
});

describe('removeVerified between the last check and the unlink', () => {
  const keepNothing = async () => undefined;

  it('a path that names the file on another device, or another inode, is left alone', async () => {
    for (const change of [{ dev: 1 }, { ino: 1 }]) {
      const moved: VerifiedFs['lstat'] = async (file) => {
        const real = await stat(file);
        return alike(real, { ...(change.dev ? { dev: real.dev + 1 } : {}), ...(change.ino ? { ino: real.ino + 1 } : {}) });
      };
      expect(await message(removeVerified(await target('inside.txt'), 100, keepNothing, { fs: { lstat: moved } }))).toBe(REMOVE_SWAP);
      expect(await readFile(inWorkspace('inside.txt'), 'utf8')).toContain('hello from inside');
    }
  });

  it('a path gone before the unlink is left alone, in words', async () => {
    const gone = async (): Promise<never> => {
      throw Object.assign(new Error('gone'), { code: 'ENOENT' });
    };
    expect(await message(removeVerified(await target('inside.txt'), 100, keepNothing, { fs: { lstat: gone } }))).toBe(REMOVE_SWAP);
    expect(await readFile(inWorkspace('inside.txt'), 'utf8')).toContain('hello from inside');
  });

  it('a parent folder moved out of the workspace and linked back is refused by the second check (the path still names the file)', async () => {
    const beforeUnlink = async () => {
      await rename(inWorkspace('sub'), path.join(fixture.base, 'outside', 'sub'));
      await symlink(path.join(fixture.base, 'outside', 'sub'), inWorkspace('sub'));
    };
    expect(await message(removeVerified(await target('sub/file.txt'), 100, keepNothing, { beforeUnlink }))).toContain(
      `"sub/file.txt" ${OPEN_SWAP}`,
    );
    expect(await readFile(path.join(fixture.base, 'outside', 'sub', 'file.txt'), 'utf8')).toBe('nested file\n');
  });

  it('closes the file it opened, whether it removed it or refused', async () => {
    const removed = trackedOpen();
    await removeVerified(await target('inside.txt'), 100, keepNothing, { fs: { open: removed.open } });
    const refused = trackedOpen();
    await writeFile(inWorkspace('kept.txt'), 'kept');
    const refuse = async () => {
      throw new Error('not now');
    };
    expect(await message(removeVerified(await target('kept.txt'), 100, refuse, { fs: { open: refused.open } }))).toBe('not now');
    expect([...removed.closed(), ...refused.closed()]).toEqual([true, true]);
  });
});

describe('the handle of a refused open is closed', () => {
  it('a folder or a hard-linked file read, and a hard-linked file written', async () => {
    const opened = trackedOpen();
    await writeFile(inWorkspace('a.txt'), 'a');
    await link(inWorkspace('a.txt'), inWorkspace('b.txt'));
    await message(openVerifiedForRead(await target('sub'), { fs: { open: opened.open } }));
    await message(openVerifiedForRead(await target('a.txt'), { fs: { open: opened.open } }));
    await message(openVerifiedForWrite(await target('a.txt'), { fs: { open: opened.open } }));
    expect(opened.closed()).toEqual([true, true, true]);
  });
});
