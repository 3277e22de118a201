/**
 * One store, one size, in a process of its own (so RSS and the cold open are that store's alone):
 * `tsx bench/knowledge/store-child.ts build|open STORE COUNT DIMENSIONS DIR`. Prints one JSON line.
 */
import { execFileSync } from 'node:child_process';
import MiniSearch from 'minisearch';
import { reciprocalRankFusion } from '../../electron/services/knowledge/rank-fusion';
import { createInProcessVectorStore } from '../../electron/services/knowledge/vector-store';
import { percentile } from '../report/bench-stats';
import { chunkText, chunkVector, queryVector } from './synthetic-vectors';
import { candidate } from './vector-store-candidates';

const QUERIES = 40;
const TOP_K = 50;

const [mode, storeName, countText, dimensionsText, dir] = process.argv.slice(2);
const count = Number(countText);
const dimensions = Number(dimensionsText);

function diskBytes(path: string): number {
  return Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);
}

/** The exact top 10 by a full scan: what an approximate index's recall is measured against. */
function exactTop(queries: Float32Array[]): number[][] {
  const exact = createInProcessVectorStore();
  for (let id = 0; id < count; id += 1) exact.put(id, chunkVector(id, dimensions));
  const tops = queries.map((query) => exact.nearest(query, 10).map((hit) => hit.id));
  exact.clear();
  return tops;
}

async function main(): Promise<void> {
  const store = candidate(storeName!);
  const queries = Array.from({ length: QUERIES }, (_, n) => queryVector(n, dimensions));
  const result: Record<string, number | string> = { store: storeName!, count, dimensions, mode: mode! };
  const rssBefore = process.memoryUsage().rss;
  if (mode === 'build') {
    const started = performance.now();
    await store.build(dir!, count, (id) => chunkVector(id, dimensions));
    result.chunks_per_s = count / ((performance.now() - started) / 1000);
    result.disk_mb = diskBytes(dir!) / 1e6;
  } else {
    const started = performance.now();
    await store.open(dir!);
    await store.nearest(queries[0]!, TOP_K);
    result.cold_open_ms = performance.now() - started;
  }
  result.rss_mb = (process.memoryUsage().rss - rssBefore) / 1e6;
  const times: number[] = [];
  const answers: number[][] = [];
  for (const query of queries) {
    const at = performance.now();
    answers.push(await store.nearest(query, TOP_K));
    times.push(performance.now() - at);
  }
  result.vector_p95_ms = percentile(times, 95);
  if (mode === 'open') {
    // The lexical side is the same for every store (minisearch in memory); hybrid = both + fusion.
    const lexical = new MiniSearch<{ id: number; text: string }>({ fields: ['text'] });
    for (let id = 0; id < count; id += 1) lexical.add({ id, text: chunkText(id) });
    const hybrid: number[] = [];
    for (let n = 0; n < QUERIES; n += 1) {
      const at = performance.now();
      const words = lexical
        .search(`topic${n % 256}`)
        .slice(0, TOP_K)
        .map((hit) => hit.id as number);
      const vector = await store.nearest(queries[n]!, TOP_K);
      reciprocalRankFusion([words, vector], 60);
      hybrid.push(performance.now() - at);
    }
    result.hybrid_p95_ms = percentile(hybrid, 95);
    const exact = exactTop(queries);
    let found = 0;
    exact.forEach((top, n) => {
      const answer = new Set(answers[n]!.slice(0, 10));
      found += top.filter((id) => answer.has(id)).length;
    });
    result.recall_at_10 = found / (10 * QUERIES);
  }
  await store.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ store: storeName, error: error instanceof Error ? error.message : String(error) })}\n`);
  process.exitCode = 1;
});
