import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The build output folder (git-ignored). A bundle must be built inside the repository: at run time it still finds node_modules from where it is (mathjs, for the math worker). */
export const OUT_DIR = join(REPO_ROOT, 'out');

/** Where `npm run build:web` puts the bundled web host; `npm run web` runs this file with `node`. */
export const BUILT_WEB_HOST = join(OUT_DIR, 'web', 'web-main.js');

/**
 * Bundles the web host (web.vite.config.ts) into `outDir` and answers the path of its entry,
 * `<outDir>/web-main.js`. Vite runs in a process of its own, so callers (a vitest worker, the
 * Playwright runner, the benchmark) keep their own module graphs. The build's output is kept and
 * shown only when it fails.
 */
export function buildWebHost(outDir: string = dirname(BUILT_WEB_HOST)): Promise<string> {
  const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--config', join(REPO_ROOT, 'web.vite.config.ts'), '--outDir', outDir, '--emptyOutDir'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code === 0) done(join(outDir, 'web-main.js'));
      else fail(new Error(`The web host did not build (vite exited with ${code}):\n${output}`));
    });
  });
}
