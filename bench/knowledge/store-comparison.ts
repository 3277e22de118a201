import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchLog, Samples } from '../report/bench-figures';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./store-child.ts', import.meta.url));

const STORES = ['in-process', 'lancedb', 'pglite'] as const;
const SIZES = [10_000, 100_000] as const;
const DIMENSIONS = 384;

type Row = Record<string, number | string>;

/** One store at one size in a child process: build, then a cold open in another child. */
async function measure(store: string, count: number, log: BenchLog['log']): Promise<Row | null> {
  const dir = await mkdtemp(join(tmpdir(), `taco-store-${store}-`));
  const child = async (mode: 'build' | 'open'): Promise<Row> => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, mode, store, String(count), String(DIMENSIONS), dir], {
      env: { ...process.env, RUST_LOG: 'error' },
      maxBuffer: 1024 * 1024,
      timeout: 45 * 60_000,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '{"error":"the child failed"}' }));
    return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Row;
  };
  try {
    const built = await child('build');
    if (built.error) {
      log(`knowledge stores: ${store} at ${count}: ${built.error}`);
      return null;
    }
    const opened = await child('open');
    const row = { ...built, ...opened, build_p95_ms: built.vector_p95_ms ?? Number.NaN };
    log(`knowledge stores: ${JSON.stringify(row)}`);
    return row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The vector stores compared (synthetic clustered vectors of 384 dimensions, see
 * synthetic-vectors.ts): index throughput, vector and hybrid query p95, recall@10 against an exact
 * scan, disk, RSS and cold open, each store in processes of its own. The figures are today's
 * store's; the stores that are not installed are logged as such (vector-store-candidates.ts says how).
 */
export async function runStoreComparison(options: BenchLog): Promise<Samples> {
  const samples: Samples = {
    knowledge_hybrid_p95_ms_100k: [],
    knowledge_cold_open_ms_100k: [],
    knowledge_disk_mb_per_100k: [],
  };
  for (let round = 0; round < options.runs; round += 1) {
    for (const store of STORES) {
      for (const count of SIZES) {
        const row = await measure(store, count, options.log);
        if (!row || store !== 'in-process' || count !== 100_000) continue;
        samples.knowledge_hybrid_p95_ms_100k!.push(Number(row.hybrid_p95_ms));
        samples.knowledge_cold_open_ms_100k!.push(Number(row.cold_open_ms));
        samples.knowledge_disk_mb_per_100k!.push(Number(row.disk_mb));
      }
    }
  }
  return samples;
}
