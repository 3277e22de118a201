import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Samples } from '../bench-figures';
import { runCommand } from '../bench-processes';

/** The scripts index.html loads at start: module scripts and their modulepreloads (not lazy chunks). */
export function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (src) found.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (href && rel?.split(/\s+/).includes('modulepreload')) found.add(href);
  }
  return [...found].filter((path) => !/^[a-z]+:/i.test(path)).map((path) => path.replace(/^\.?\//, ''));
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? null) : null;
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
  ]);
}

/** bundle_kb_gz: the initial JavaScript of a built renderer, gzipped (default level), in KB. */
export async function measureBundle(outDir: string): Promise<Samples> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const scripts = initialScripts(html);
  if (scripts.length === 0) throw new Error(`No script found in ${join(outDir, 'index.html')}; did the renderer build?`);
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(await readFile(join(outDir, script))).length;
  // The build is deterministic: one measurement is the figure.
  return { bundle_kb_gz: [bytes / 1024] };
}
