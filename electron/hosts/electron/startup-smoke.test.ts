import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type { CallEnvelope, TacoBridge } from '../../../shared/contract/transport';
import { buildElectron, type ElectronBundles } from '../../../scripts/build/build-electron';
import { OUT_DIR } from '../../../scripts/build/build-web-host';
import { GREETING } from '../../../test-support/fake-ollama/scenarios/chat/basic-chat';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import type { FakeElectron } from './testing/fake-electron';
import { loadSandboxedPreload, type LoadedPreload } from './testing/sandboxed-preload';

/**
 * A user's first launch: the BUILT app (electron-vite build → out/main/index.js and
 * out/preload/index.cjs), main loaded with the fake Electron (Electron 45's behaviour, see
 * testing/), the preload run with only what a sandboxed preload may require, a full chat against
 * the fake Ollama through window.taco. It fails when the preload bundle needs a module the sandbox
 * does not give, or when the sender check refuses our own window.
 */
const electron = vi.hoisted(() => ({ current: null as FakeElectron | null }));
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./testing/fake-electron');
  electron.current = createFakeElectron();
  return electron.current;
});

const BUILD_AND_START_MS = 180_000;
let outRoot: string;
let bundles: ElectronBundles;
let ollama: FakeOllama;
let fake: FakeElectron;

beforeAll(async () => {
  mkdirSync(OUT_DIR, { recursive: true });
  outRoot = mkdtempSync(join(OUT_DIR, 'test-electron-'));
  bundles = await buildElectron(outRoot);
  ollama = await startFakeOllama({ scenario: 'basic-chat' });
  await import(/* @vite-ignore */ pathToFileURL(bundles.main).href);
  if (!electron.current) throw new Error('the built main bundle did not import electron');
  fake = electron.current;
  await vi.waitFor(() => expect(fake.windows[0]?.webContents.mainFrame.url).toBe('app://taco/index.html'));
}, BUILD_AND_START_MS);

afterAll(async () => {
  if (fake) {
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.isQuitting()).toBe(true));
  }
  await ollama?.close();
  if (outRoot) rmSync(outRoot, { recursive: true, force: true });
}, BUILD_AND_START_MS);

function ownWindow() {
  const window = fake.windows[0];
  if (!window) throw new Error('no window');
  return window;
}

function bridgeOf(loaded: LoadedPreload): TacoBridge {
  expect(loaded.error).toBeNull();
  const bridge = loaded.mainWorld.taco as TacoBridge | undefined;
  if (!bridge) throw new Error('the preload exposed no window.taco');
  return bridge;
}

async function call(bridge: TacoBridge, name: keyof TacoBridge['calls'], request: unknown): Promise<unknown> {
  const answer = (await (bridge.calls[name] as (request: unknown) => Promise<CallEnvelope<unknown>>)(request)) as CallEnvelope<unknown>;
  if (!answer.ok) throw new Error(`${name} was refused: ${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

describe('first launch of the built app (fake Electron, sandboxed preload, fake Ollama)', () => {
  it('opens one window on app://taco/ with the built preload, and serves the built page there', async () => {
    const window = ownWindow();
    expect(window.show).toHaveBeenCalled();
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs.preload).toBe(bundles.preload);
    expect(prefs.sandbox).toBe(true);
    const page = await fake.session.defaultSession.protocol.fetch('app://taco/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    expect((await fake.session.defaultSession.protocol.fetch('app://taco/../../package.json')).status).not.toBe(200);
  });

  it('answers a full chat over IPC through the built preload', async () => {
    const window = ownWindow();
    const bridge = bridgeOf(loadSandboxedPreload(bundles.preload, window.webContents));
    const events: TacoEvent[] = [];
    const finished = new Promise<void>((done) => {
      bridge.events['taco-events']((batch) => {
        events.push(...(batch as TacoEvent[]));
        if (events.some((event) => event.type === 'run-finish')) done();
      });
    });
    await call(bridge, 'settings.set', { ollamaHost: ollama.url });
    expect(await call(bridge, 'chat.send', { conversationId: null, text: 'hello', model: 'llama3.2:3b' })).toMatchObject({ type: 'run' });
    await finished;
    const answer = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(answer).toBe(GREETING);
    expect(events.find((event) => event.type === 'run-finish')).toMatchObject({ error: null });
  });
});
