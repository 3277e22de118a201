import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { OUT_DIR } from './build-web-host';

const REPO_ROOT = join(OUT_DIR, '..');

/** What `npm run build` (electron-vite build) writes inside `outRoot`: main, preload and renderer bundles. */
export interface ElectronBundles {
  main: string;
  preload: string;
  rendererIndex: string;
}

/**
 * Builds the Electron app (electron.vite.config.ts) into `outRoot` (TACO_ELECTRON_OUT), in a
 * process of its own. `outRoot` must be inside the repository: the main bundle finds its
 * dependencies in node_modules from where it is. The output is shown only when the build fails.
 */
export function buildElectron(outRoot: string): Promise<ElectronBundles> {
  const cli = join(REPO_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, 'build', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', TACO_ELECTRON_OUT: outRoot },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code !== 0) fail(new Error(`The Electron app did not build (electron-vite exited with ${code}):\n${output}`));
      else
        done({
          main: join(outRoot, 'main', 'index.js'),
          preload: join(outRoot, 'preload', 'index.cjs'),
          rendererIndex: join(outRoot, 'renderer', 'index.html'),
        });
    });
  });
}
