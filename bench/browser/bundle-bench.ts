import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Samples } from '../report/bench-figures';
import { runCommand } from '../runner/bench-processes';
import { pageAssets } from '../../electron/hosts/web/pages/page-files';

/** The scripts index.html loads at start: module scripts and their modulepreloads (not lazy chunks), relative to the build folder. */
export function initialScripts(html: string): string[] {
  return pageAssets(html)
    .filter((asset) => asset.kind === 'script')
    .map((asset) => asset.path.slice(1));
}

/** Builds the renderer into `outDir` with the app's own Vite config. */
export async function buildRenderer(outDir: string): Promise<void> {
  await runCommand(process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--config',
    'renderer/vite.config.ts',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
    // For reading a trace's JavaScript samples by function name (render-hostile-bench.ts); never for a figure.
    ...(process.env.TACO_BENCH_UNMINIFIED === '1' ? ['--minify', 'false'] : []),
  ]);
}

/** bundle_kb_gz: the initial JavaScript of a built renderer, gzipped (default level), in KB. */
export async function measureBundle(outDir: string): Promise<Samples> {
  if (process.env.TACO_BENCH_UNMINIFIED === '1')
    throw new Error('bundle_kb_gz is measured on the minified build: unset TACO_BENCH_UNMINIFIED.');
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const scripts = initialScripts(html);
  if (scripts.length === 0) throw new Error(`No script found in ${join(outDir, 'index.html')}; did the renderer build?`);
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(await readFile(join(outDir, script))).length;
  // The build is deterministic: one measurement is the figure.
  return { bundle_kb_gz: [bytes / 1024] };
}
