import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';

export type Cleanup = () => Promise<void> | void;

/** What tests opened (servers, services, folders), closed later in reverse order: last opened, first closed. */
export interface Cleanups {
  /** Runs `cleanup` at the next cleaning, before everything deferred earlier. */
  defer(cleanup: Cleanup): void;
  /** A fresh folder in the OS temp dir, removed at the next cleaning. */
  tempDir(prefix: string): string;
}

/**
 * Cleans after each test of the calling file (or describe block). Not for concurrent tests: the
 * cleaning after one test would close what another, still running, has opened.
 */
export function cleanupAfterEach(timeoutMs?: number): Cleanups {
  const { cleanups, cleanAll } = cleanupStack();
  afterEach(cleanAll, timeoutMs);
  return cleanups;
}

/** Cleans once, after every test of the calling file (or describe block): for what the tests share, and for concurrent tests. */
export function cleanupAfterAll(timeoutMs?: number): Cleanups {
  const { cleanups, cleanAll } = cleanupStack();
  afterAll(cleanAll, timeoutMs);
  return cleanups;
}

function cleanupStack(): { cleanups: Cleanups; cleanAll: () => Promise<void> } {
  const pending: Cleanup[] = [];
  const cleanups: Cleanups = {
    defer: (cleanup) => {
      pending.push(cleanup);
    },
    tempDir: (prefix) => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      pending.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
  const cleanAll = async (): Promise<void> => {
    for (const cleanup of pending.splice(0).reverse()) await cleanup();
  };
  return { cleanups, cleanAll };
}
