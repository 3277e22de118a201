import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../../shared/settings/settings';
import { createSettingsStore } from '../store/settings/settings-store';
import type { SettingsStorePort } from './app-ports';
import { createSettingsView } from './settings-view';

let dataDir: string | null = null;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
});

describe('settings view: one plain setting read in place', () => {
  it('gives what current() gives, flags first, then the stored value once the user changes it', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'taco-settings-view-'));
    const store = await createSettingsStore({ dataDir, log: () => undefined });
    const view = createSettingsView(store, { ollamaHost: 'http://flag-host:11434', workspace: null });

    expect(view.value('ollamaHost')).toBe('http://flag-host:11434');
    expect(view.value('workspace')).toBeNull();
    expect(view.value('maxContextTokens')).toBe(view.current().maxContextTokens);
    expect(view.value('debugRawLog')).toBe(view.current().debugRawLog);

    await view.set({ ollamaHost: 'http://chosen:11434', maxContextTokens: 4096, debugRawLog: true, workspace: dataDir });
    expect(view.value('ollamaHost')).toBe('http://chosen:11434');
    expect(view.value('maxContextTokens')).toBe(4096);
    expect(view.value('debugRawLog')).toBe(true);
    expect(view.value('workspace')).toBe(dataDir);
    expect(store.peek('maxContextTokens')).toBe(4096);
  });

  it('reads through get() from a store that cannot peek', () => {
    const settings: Settings = { ...defaultSettings(), maxContextTokens: 2048 };
    const store: SettingsStorePort = { get: () => structuredClone(settings), set: () => Promise.reject(new Error('read only')) };
    expect(createSettingsView(store, {}).value('maxContextTokens')).toBe(2048);
  });
});
