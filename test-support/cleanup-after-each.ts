import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export type Cleanup = () => Promise<void> | void;

/** What a test opened (servers, services, folders), closed after it in reverse order: last opened, first closed. */
export interface Cleanups {
  /** Runs `cleanup` after the current test, before everything deferred earlier. */
  defer(cleanup: Cleanup): void;
  /** A fresh folder in the OS temp dir, removed after the current test. */
  tempDir(prefix: string): string;
}

/** Registers an afterEach in the calling file (or describe block) that runs what its tests deferred. */
export function cleanupAfterEach(timeoutMs?: number): Cleanups {
  const pending: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of pending.splice(0).reverse()) await cleanup();
  }, timeoutMs);
  return {
    defer: (cleanup) => {
      pending.push(cleanup);
    },
    tempDir: (prefix) => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      pending.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
