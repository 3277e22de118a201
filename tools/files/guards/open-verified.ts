import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ToolFailure } from '../../catalogue/tool-runtime-types';
import { errorCode, isInside, type WorkspacePath } from './workspace-path';

/** The file-system calls whose order the verification relies on. */
export interface VerifiedFs {
  open(file: string, flags: number, mode?: number): Promise<FileHandle>;
  stat(file: string): Promise<Stats>;
  lstat(file: string): Promise<Stats>;
  realpath(file: string): Promise<string>;
  unlink(file: string): Promise<void>;
}

const NODE_FS: VerifiedFs = { open, stat, lstat, realpath, unlink };

/** Test seams: `beforeOpen` runs between the path check and the open, where a swap would happen; `fs` wraps the calls (default node:fs/promises) to put a swap between any two of them. */
export interface OpenHooks {
  beforeOpen?: () => Promise<void> | void;
  fs?: Partial<VerifiedFs>;
}

// O_NOFOLLOW: a last component swapped for a symlink fails to open. O_NONBLOCK: a FIFO cannot hang the open.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Opens a checked workspace file for reading and proves it is still the file that was checked:
 * the opened handle's device and inode must equal those of the path's realpath, which must still
 * be inside the workspace. A file with more than one hard link is refused: its other names may
 * be outside the workspace, and nothing can tell where they are.
 */
export async function openVerifiedForRead(target: WorkspacePath, hooks: OpenHooks = {}): Promise<{ handle: FileHandle; info: Stats }> {
  const fs = { ...NODE_FS, ...hooks.fs };
  await hooks.beforeOpen?.();
  let handle: FileHandle;
  try {
    handle = await fs.open(target.absolute, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (error) {
    throw openFailure(target, error);
  }
  try {
    const info = await handle.stat();
    await verifySameFile(fs, target, info);
    if (info.isDirectory()) throw new ToolFailure(`"${target.relative}" is a folder. Use list_directory to see what it holds.`);
    if (!info.isFile()) throw new ToolFailure(`"${target.relative}" is not a regular file, so it cannot be read.`);
    if (info.nlink > 1) throw hardLinked(target, info.nlink, 'read');
    return { handle, info };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Opens (or creates) a checked workspace file for writing, verified like openVerifiedForRead
 * before a byte is written; a file with more than one hard link is refused (writing it would
 * change its other names too). A file this call created and then could not verify is removed.
 */
export async function openVerifiedForWrite(
  target: WorkspacePath,
  hooks: OpenHooks = {},
): Promise<{ handle: FileHandle; created: boolean }> {
  const fs = { ...NODE_FS, ...hooks.fs };
  await mkdir(path.dirname(target.absolute), { recursive: true });
  await hooks.beforeOpen?.();
  let handle: FileHandle;
  let created = true;
  try {
    handle = await fs.open(target.absolute, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW | NONBLOCK, 0o666);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw openFailure(target, error);
    created = false;
    try {
      handle = await fs.open(target.absolute, constants.O_WRONLY | NOFOLLOW | NONBLOCK);
    } catch (again) {
      throw openFailure(target, again);
    }
  }
  try {
    const info = await handle.stat();
    try {
      await verifySameFile(fs, target, info);
    } catch (error) {
      if (created) await removeIfSame(fs, target.absolute, info);
      throw error;
    }
    if (!info.isFile()) throw new ToolFailure(`"${target.relative}" is not a regular file, so it cannot be written.`);
    if (info.nlink > 1) throw hardLinked(target, info.nlink, 'written');
    return { handle, created };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Deletes a checked workspace file through the file it proves it is: opened and verified like
 * openVerifiedForRead (no symlink swap, one hard link), `beforeRemove` sees its bytes (only its size
 * past `maxBytes`) and may refuse, then the path is verified again to still name that very file
 * (nothing swapped in meanwhile) and unlinked. Node has no unlink-by-handle: the last check and
 * the unlink are as close together as it allows.
 */
export async function removeVerified(
  target: WorkspacePath,
  maxBytes: number,
  beforeRemove: (current: Buffer | { notKept: number }) => Promise<void>,
  hooks: OpenHooks & { beforeUnlink?: () => Promise<void> | void } = {},
): Promise<void> {
  const fs = { ...NODE_FS, ...hooks.fs };
  const { handle, info } = await openVerifiedForRead(target, hooks);
  try {
    await beforeRemove(info.size > maxBytes ? { notKept: info.size } : await handle.readFile());
    await hooks.beforeUnlink?.();
    await verifySameFile(fs, target, info);
    const now = await fs.lstat(target.absolute).catch(() => null);
    if (now === null || now.dev !== info.dev || now.ino !== info.ino) {
      throw new ToolFailure(`"${target.relative}" changed while it was being removed, so it was left alone. Try again.`);
    }
    await fs.unlink(target.absolute);
  } finally {
    await handle.close();
  }
}

async function verifySameFile(fs: VerifiedFs, target: WorkspacePath, opened: Stats): Promise<void> {
  const real = await fs.realpath(target.absolute).catch(() => null);
  const now = real !== null && isInside(target.root, real) ? await fs.stat(real).catch(() => null) : null;
  if (now === null || now.dev !== opened.dev || now.ino !== opened.ino) {
    throw new ToolFailure(
      `"${target.relative}" changed while it was being opened (a symbolic link or folder was swapped), so it was refused. Try again; if it keeps happening, something is changing the workspace folder.`,
    );
  }
}

/** Best effort: removes the file this call created, only if the path still names it. */
async function removeIfSame(fs: VerifiedFs, file: string, created: Stats): Promise<void> {
  const now = await fs.stat(file).catch(() => null);
  if (now !== null && now.dev === created.dev && now.ino === created.ino) await fs.unlink(file).catch(() => undefined);
}

function hardLinked(target: WorkspacePath, links: number, verb: 'read' | 'written'): ToolFailure {
  return new ToolFailure(
    `"${target.relative}" has ${links} hard links, so it cannot be ${verb}: TACO cannot tell where the other links are, and they may be outside the workspace folder. Ask the user to copy the file if it is needed.`,
  );
}

/** Why a checked file could not be opened, in words (a link swapped in, gone, not permitted, or the system's code). */
export function openFailure(target: Pick<WorkspacePath, 'relative'>, error: unknown): ToolFailure {
  const code = errorCode(error);
  if (code === 'ELOOP' || code === 'EMLINK')
    return new ToolFailure(
      `"${target.relative}" became a symbolic link after it was checked, so it was refused. Use a path to a real file.`,
    );
  if (code === 'ENOENT') return new ToolFailure(`"${target.relative}" changed while it was being opened (it is gone). Try again.`);
  if (code === 'EACCES' || code === 'EPERM') return new ToolFailure(`"${target.relative}" cannot be opened: permission was denied.`);
  return new ToolFailure(`"${target.relative}" cannot be opened (${code ?? (error instanceof Error ? error.message : String(error))}).`);
}
