import { createReadStream } from 'node:fs';
import { open, rename, rm, stat, statfs } from 'node:fs/promises';
import type { Hash } from 'node:crypto';

/** The file operations a download uses; tests replace them to simulate a full disk. */
export interface DownloadFiles {
  /** Bytes free for this process under a folder. */
  freeBytes(folder: string): Promise<number>;
  /** The size of a file, 0 when it does not exist. */
  sizeOf(path: string): Promise<number>;
  /** Opens a file to append to (or to write afresh). */
  openForWrite(path: string, mode: 'append' | 'truncate'): Promise<{ write(chunk: Uint8Array): Promise<void>; close(): Promise<void> }>;
  /** Feeds a file's bytes to a hash (resuming: the bytes already there). */
  hashInto(path: string, hash: Hash): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export const nodeDownloadFiles: DownloadFiles = {
  async freeBytes(folder) {
    const info = await statfs(folder);
    return info.bavail * info.bsize;
  },
  async sizeOf(path) {
    try {
      return (await stat(path)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  },
  async openForWrite(path, mode) {
    const handle = await open(path, mode === 'append' ? 'a' : 'w');
    return {
      async write(chunk) {
        let offset = 0;
        while (offset < chunk.length) offset += (await handle.write(chunk, offset, chunk.length - offset)).bytesWritten;
      },
      close: () => handle.close(),
    };
  },
  hashInto(path, hash) {
    return new Promise((resolve, reject) => {
      createReadStream(path)
        .on('data', (chunk) => hash.update(chunk))
        .on('error', reject)
        .on('end', () => resolve());
    });
  },
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { force: true }),
};
