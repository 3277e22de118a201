import { accessSync, constants, realpathSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DEFAULTS } from '../../../shared/constants';

/** `statfs`'s type for tmpfs (linux/magic.h): a folder held in memory. */
const TMPFS_MAGIC = 0x01021994;

export interface ScratchBaseOptions {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** The file system's type and free bytes of a folder; throws when it cannot be read. */
  statfs: (folder: string) => { type: number; freeBytes: number };
  writable: (folder: string) => boolean;
  tmpdir: () => string;
}

const systemOptions: ScratchBaseOptions = {
  platform: process.platform,
  env: process.env,
  statfs: (folder) => {
    const info = statfsSync(folder);
    return { type: info.type, freeBytes: info.bavail * info.bsize };
  },
  writable: (folder) => {
    try {
      accessSync(folder, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  },
  tmpdir,
};

/**
 * Where the check's scratch folders go. A try's folder lives for one try and holds a few small
 * files, and making it on a disk costs an inode per file: on Linux, where the system's temp folder
 * is often on disk, a memory-backed temp area (the user's runtime folder, then /dev/shm) is used
 * when it is tmpfs, writable and has room (`DEFAULTS.modelCheck.scratchMinFreeBytes`); anywhere
 * else, and otherwise, the system's temp folder. Unresolved: the caller realpaths it.
 */
export function chooseScratchBase(options: ScratchBaseOptions = systemOptions): string {
  if (options.platform === 'linux') {
    for (const candidate of [options.env['XDG_RUNTIME_DIR'], '/dev/shm']) {
      if (!candidate) continue;
      try {
        const info = options.statfs(candidate);
        if (info.type === TMPFS_MAGIC && info.freeBytes >= DEFAULTS.modelCheck.scratchMinFreeBytes && options.writable(candidate))
          return candidate;
      } catch {
        // Not there, or not readable: the next one.
      }
    }
  }
  return options.tmpdir();
}

let chosen: string | undefined;

/** The scratch folders' base, chosen once per process and realpath'd (so each folder's path is real as made). */
export function scratchBase(): string {
  chosen ??= realpathSync(chooseScratchBase());
  return chosen;
}

/** The system's temp folder, realpath'd once: where a folder goes when the memory-backed one has no room. */
export function fallbackScratchBase(): string {
  fallback ??= realpathSync(tmpdir());
  return fallback;
}

let fallback: string | undefined;
