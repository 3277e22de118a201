import { test as base, type Page } from '@playwright/test';
import { join } from 'node:path';
import { signalTree } from './process-tree';
import { BUILT_WEB_HOST } from '../../scripts/build/build-web-host';
import { webHostFromSource } from './global-setup';
import { REPO_ROOT, freePort, startNode, startTsx, tempDir, type RunningProcess } from './processes';

export interface FakeOllamaHandle {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

export interface AppHandle {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** Send a signal (SIGKILL: a crash, nothing flushed on the way out) and wait until the host has exited. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/** Starts the fake Ollama server and the web host as real processes, and opens the app. */
export class TacoHarness {
  private readonly processes: RunningProcess[] = [];
  private readonly cleanups: Array<() => void> = [];

  constructor(readonly page: Page) {}

  /** Start the fake Ollama server with a named scenario, on a given port or any free one. */
  async startFakeOllama(scenario: string, port = 0): Promise<FakeOllamaHandle> {
    const running = await startTsx(
      'test-support/fake-ollama/run-fake-ollama.ts',
      ['--scenario', scenario, '--port', String(port)],
      /Fake Ollama listening at (http:\/\/127\.0\.0\.1:(\d+))/,
    );
    this.processes.push(running);
    return { url: running.match[1] ?? '', port: Number(running.match[2]), stop: running.stop };
  }

  /** A port nothing listens on yet (for "Ollama is down" flows). */
  freePort(): Promise<number> {
    return freePort();
  }

  /**
   * Start the web host against an Ollama URL and open the page it prints. The host is the bundle
   * `npm run web` runs (out/web/web-main.js, built by global-setup.ts), or with
   * TACO_E2E_HOST=source the TypeScript under tsx.
   */
  async openApp(options: { ollamaUrl: string; workspace?: string; dataDir?: string }): Promise<AppHandle> {
    const data = options.dataDir ?? this.tempDir('taco-e2e-data-');
    const args = ['--host', options.ollamaUrl, '--port', '0', '--data-dir', data];
    if (options.workspace) args.push('--workspace', options.workspace);
    const ready = /TACO is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/;
    const running = webHostFromSource()
      ? await startTsx('electron/hosts/web/web-main.ts', args, ready)
      : await startNode([BUILT_WEB_HOST, ...args], BUILT_WEB_HOST, ready);
    this.processes.push(running);
    const url = running.match[1] ?? '';
    await this.page.goto(url);
    return { url, dataDir: data, stop: running.stop, kill: (signal) => killAndWait(running, signal) };
  }

  tempDir(prefix: string): string {
    const dir = tempDir(prefix);
    this.cleanups.push(dir.remove);
    return dir.path;
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(REPO_ROOT, 'e2e', 'screenshots', `${name}.png`), fullPage: false });
  }

  async dispose(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
    for (const cleanup of this.cleanups) cleanup();
  }
}

function killAndWait(running: RunningProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return done();
    running.child.once('exit', () => done());
    if (running.child.pid === undefined) running.child.kill(signal);
    else signalTree(running.child.pid, signal);
  });
}

export const test = base.extend<{ taco: TacoHarness }>({
  taco: async ({ page }, use) => {
    const harness = new TacoHarness(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await use(harness);
    await harness.dispose();
    if (pageErrors.length > 0) throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n')}`);
  },
});

export { expect } from '@playwright/test';
