import { writeFile, mkdtemp, rm, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previewUndo, undoWrite } from '../electron/services/documents/undo/undo-change';
import { createVersionStore, type VersionStore } from '../electron/services/documents/versions/version-store';
import { BENCH_DEFAULTS } from './bench-defaults';
import type { BenchLog, Samples } from './report/bench-figures';
import { interleave, median } from './report/bench-stats';

const lines = (prefix: string, count: number): string => Array.from({ length: count }, (_, index) => `${prefix} line ${index}`).join('\n');

/** A write_file that replaced `count` lines with `count` others, as the version store records it. */
async function recordWrite(store: VersionStore, workspace: string, path: string, count: number): Promise<void> {
  await writeFile(join(workspace, path), lines('new', count));
  await store.recordChange({
    conversationId: 'bench',
    kind: 'write',
    path,
    workspace,
    tool: 'write_file',
    callId: null,
    runId: null,
    before: Buffer.from(lines('old', count)),
    after: Buffer.from(lines('new', count)),
  });
}

/**
 * undo_8000_ratio: a plain /undo of an 8,000-line write over one of 100 lines (pairs interleaved;
 * per run, the ratio of the medians). undo_preview_8000_ms: the Undo dialog's preview of an
 * 8,000-line file whose every line changed by hand since the write, the bounded diff's worst case
 * (before Security IV: 19.9 s of unbounded Myers on main's thread).
 */
export async function runUndoBench(options: BenchLog): Promise<Samples> {
  const root = await mkdtemp(join(tmpdir(), 'taco-bench-undo-'));
  try {
    const workspace = await realpath(await mkdtemp(join(root, 'ws-')));
    const store = createVersionStore({ dataDir: join(root, 'data'), budgetBytes: () => 1024 * 1024 * 1024 });
    const sizes = [BENCH_DEFAULTS.undoSmallLines, BENCH_DEFAULTS.undoLargeLines] as const;
    const undoOnce = async (count: number): Promise<number> => {
      const path = `undo-${count}.txt`;
      await recordWrite(store, workspace, path, count);
      const started = performance.now();
      const result = await undoWrite({ store, conversationId: 'bench', workspace, confirmed: false });
      const elapsed = performance.now() - started;
      if (result.type !== 'undone') throw new Error(`The undo benchmark's undo answered "${result.type}" instead of undoing.`);
      return elapsed;
    };
    for (const count of sizes) for (let warm = 0; warm < BENCH_DEFAULTS.undoWarmupRuns; warm += 1) await undoOnce(count);

    const ratios: number[] = [];
    const previews: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const times = new Map<number, number[]>(sizes.map((count) => [count, []]));
      for (const count of interleave(sizes, BENCH_DEFAULTS.undoPairsPerRun)) times.get(count)!.push(await undoOnce(count));
      const ratio = median(times.get(sizes[1])!) / median(times.get(sizes[0])!);
      ratios.push(ratio);

      await recordWrite(store, workspace, 'preview.txt', sizes[1]);
      await writeFile(join(workspace, 'preview.txt'), lines('edited', sizes[1]));
      const started = performance.now();
      const preview = await previewUndo({ store, conversationId: 'bench', workspace });
      const previewMs = performance.now() - started;
      if (preview.type !== 'ready') throw new Error('The undo benchmark found nothing to preview.');
      previews.push(previewMs);
      await undoWrite({ store, conversationId: 'bench', workspace, confirmed: true });
      options.log(`  undo: ${ratio.toFixed(2)}× (8,000 over 100 lines); preview of 8,000 changed lines ${previewMs.toFixed(0)} ms`);
    }
    return { undo_8000_ratio: ratios, undo_preview_8000_ms: previews };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
