import { DEFAULTS } from '../shared/constants';
import { markdownBlocks, packBlocks } from '../electron/services/knowledge/reading/knowledge-chunk';
import { KnowledgeIndex } from '../electron/services/knowledge/knowledge-index';
import { createInProcessVectorStore } from '../electron/services/knowledge/vector-store';
import type { BenchLog, Samples } from './report/bench-figures';
import { median, percentile } from './report/bench-stats';

/** Dimensions of the synthetic vectors: nomic-embed-text and most small embedding models give 384–768. */
const DIMENSIONS = 384;
const QUERIES = 50;

/** A deterministic pseudo-random vector (xorshift), so every run measures the same data. */
function vector(seed: number): Float32Array {
  const out = new Float32Array(DIMENSIONS);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < DIMENSIONS; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = ((state >>> 0) / 4294967296) * 2 - 1;
  }
  return out;
}

const WORDS = 'garden boiler invoice rose tomato pressure filter budget team travel recipe bread river mountain engine kernel'.split(' ');

/** A generated markdown note with headings and paragraphs (about 3 chunks). */
function note(index: number): string {
  const words = (count: number, salt: number) =>
    Array.from({ length: count }, (_, i) => WORDS[(index * 7 + i * 3 + salt) % WORDS.length]).join(' ');
  return `# Note ${index}\n\n${words(60, 1)}.\n\n## Part A\n\n${words(80, 2)}.\n\n## Part B\n\n${words(70, 3)}.\n`;
}

/**
 * knowledge_index_chunks_per_s: markdown chunked and added to the lexical index (no embedding).
 * knowledge_vector_p95_ms_10k / _100k: one cosine search over the in-process store (384 dims).
 * knowledge_ram_mb_per_100k: heap + array buffers the in-process store holds for 100,000 vectors.
 */
export async function runKnowledgeBench(options: BenchLog): Promise<Samples> {
  const samples: Samples = {
    knowledge_index_chunks_per_s: [],
    knowledge_vector_p95_ms_10k: [],
    knowledge_vector_p95_ms_100k: [],
    knowledge_ram_mb_per_100k: [],
  };
  for (let run = 0; run < options.runs; run += 1) {
    const index = new KnowledgeIndex();
    const started = performance.now();
    let chunks = 0;
    for (let file = 0; file < 3000; file += 1) {
      const pieces = packBlocks(markdownBlocks(note(file)));
      index.setFile('/bench', `notes/${file}.md`, pieces);
      chunks += pieces.length;
    }
    samples.knowledge_index_chunks_per_s!.push(chunks / ((performance.now() - started) / 1000));

    for (const [size, figure] of [
      [10_000, 'knowledge_vector_p95_ms_10k'],
      [100_000, 'knowledge_vector_p95_ms_100k'],
    ] as const) {
      global.gc?.();
      const before = process.memoryUsage();
      const store = createInProcessVectorStore();
      for (let id = 0; id < size; id += 1) store.put(id, vector(id));
      const after = process.memoryUsage();
      const times: number[] = [];
      for (let query = 0; query < QUERIES; query += 1) {
        const at = performance.now();
        store.nearest(vector(1_000_000 + query), DEFAULTS.knowledge.candidatesPerRanking);
        times.push(performance.now() - at);
      }
      samples[figure]!.push(percentile(times, 95));
      if (size === 100_000) {
        const bytes = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
        samples.knowledge_ram_mb_per_100k!.push(bytes / (1024 * 1024));
      }
      options.log(`knowledge: ${size} vectors, query p95 ${percentile(times, 95).toFixed(1)} ms (median ${median(times).toFixed(1)} ms)`);
      store.clear();
    }
  }
  return samples;
}
