import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeWebContents } from './fake-web-contents';
import { loadSandboxedPreload, SANDBOXED_PRELOAD_MODULES } from './sandboxed-preload';

/** The loader the startup smoke test runs the built preload with: it must refuse what Electron's sandbox refuses. */
const dir = mkdtempSync(join(tmpdir(), 'taco-preload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function preload(name: string, body: string): string {
  const file = join(dir, `${name}.cjs`);
  writeFileSync(file, body);
  return file;
}

describe('a preload run as a sandboxed renderer runs it', () => {
  it('may require only the modules lib/sandboxed_renderer/init.ts lists', () => {
    const requires = SANDBOXED_PRELOAD_MODULES.map((name) => `require(${JSON.stringify(name)});`).join('\n');
    const loaded = loadSandboxedPreload(
      preload('allowed', `${requires}\nrequire('electron').contextBridge.exposeInMainWorld('ok', { yes: true });`),
      new FakeWebContents(),
    );
    expect(loaded.error).toBeNull();
    expect(loaded.mainWorld.ok).toEqual({ yes: true });
    for (const name of ['fs', 'node:fs', 'path', 'child_process', 'zod', 'os', 'electron/main'])
      expect(
        loadSandboxedPreload(preload(`denied-${name.replace(/\W/g, '_')}`, `require(${JSON.stringify(name)});`), new FakeWebContents())
          .error?.message,
      ).toBe(`module not found: ${name}`);
  });

  it('has none of Node’s globals in its world, and the page gets no bridge when it throws', () => {
    const contents = new FakeWebContents();
    const errors: unknown[] = [];
    contents.on('preload-error', (_event, _file, error) => errors.push(error));
    const loaded = loadSandboxedPreload(
      preload(
        'globals',
        `if (typeof globalThis.process === 'undefined' && typeof globalThis.require === 'undefined') throw new Error('isolated');`,
      ),
      contents,
    );
    expect(loaded.error?.message).toBe('isolated');
    expect(errors).toEqual([loaded.error]);
    expect(loaded.mainWorld).toEqual({});
  });

  it('invoke rejects as ipcRenderer does when main has no handler', async () => {
    const loaded = loadSandboxedPreload(
      preload(
        'invoke',
        `const { ipcRenderer, contextBridge } = require('electron'); contextBridge.exposeInMainWorld('call', () => ipcRenderer.invoke('nobody'));`,
      ),
      new FakeWebContents(),
    );
    await expect((loaded.mainWorld.call as () => Promise<unknown>)()).rejects.toThrow(
      "Error invoking remote method 'nobody': Error: No handler registered for 'nobody'",
    );
  });
});
