import { readdir, readFile } from 'node:fs/promises';
import { conversationsDir, indexFile } from '../files/data-dir';

/**
 * The store's first reads, begun before the store is made: the web host starts them as it starts
 * listening, while the page loads, so that when main is made the index is already in memory and
 * reading it costs no wait behind the page's other first calls. Only bytes and names: checking
 * them is loadStore's (store-load.ts), exactly as for a read of its own.
 */
export interface StorePreRead {
  /** index.json's bytes; null when they could not be read then (missing, or any error): loadStore reads it itself. */
  index: Promise<Buffer | null>;
  /** The names in the conversations folder; null when it could not be read (e.g. not made yet): loadStore makes and reads it. */
  names: Promise<string[] | null>;
}

/** Starts the reads; neither promise ever rejects (a failure is null: the store reads again and says why). */
export function preReadStore(dataDir: string): StorePreRead {
  return {
    index: readFile(indexFile(dataDir)).catch(() => null),
    names: readdir(conversationsDir(dataDir)).catch(() => null),
  };
}
