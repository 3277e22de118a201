import { appendChunksOf, isDone } from '../ollama-responses';
import type { ProviderChunk } from '../../provider-types';

export interface BurstChunks {
  /** The burst's chunks in order, adjacent text (and adjacent thinking) merged into one. */
  chunks: ProviderChunk[];
  /** The final line (`done: true`) when the burst holds it; nothing after it is read. */
  done: unknown;
}

/** Turns a burst of streamed /api/chat lines into the chunks a reader gets. */
export function burstChunks(parts: readonly unknown[]): BurstChunks {
  const chunks: ProviderChunk[] = [];
  for (const part of parts) {
    appendChunksOf(part, chunks);
    if (isDone(part)) return { chunks, done: part };
  }
  return { chunks, done: null };
}
