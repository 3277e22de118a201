import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/settings';
import { createSettingsStore } from './settings-store';

let dataDir: string;
const logs: string[] = [];
const open = () => createSettingsStore({ dataDir, log: (message) => logs.push(message), now: () => 0 });
const settingsPath = () => join(dataDir, 'settings.json');

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-settings-'));
  logs.length = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts from the defaults when there is no file', async () => {
    const store = await open();
    expect(store.get()).toEqual(defaultSettings());
    expect(store.notices).toEqual([]);
  });

  it('round-trips a patch through a versioned file', async () => {
    const store = await open();
    const saved = await store.set({
      ollamaHost: 'http://10.0.0.5:11434',
      limits: { maxIterations: 25 },
      approvals: { shell: 'allow' },
      theme: 'dark',
    });
    expect(saved.limits).toEqual({ ...defaultSettings().limits, maxIterations: 25 });
    expect(saved.approvals).toEqual({ ...defaultSettings().approvals, shell: 'allow' });
    const file = JSON.parse(await readFile(settingsPath(), 'utf8'));
    expect(file).toMatchObject({ format: 'taco-settings', version: 1, settings: { theme: 'dark' } });
    const reopened = await open();
    expect(reopened.get()).toEqual(saved);
    expect((await readdir(dataDir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('refuses an invalid patch with the field named, and changes nothing', async () => {
    const store = await open();
    await store.set({ fontSize: 16 });
    const before = await readFile(settingsPath(), 'utf8');
    await expect(store.set({ fontSize: 'huge' })).rejects.toMatchObject({
      code: 'invalid-payload',
      message: expect.stringContaining('"fontSize"'),
    });
    await expect(store.set({ ollamaHost: 'ftp://x' })).rejects.toMatchObject({ code: 'invalid-payload' });
    await expect(store.set({ unknownKey: 1 })).rejects.toMatchObject({ code: 'invalid-payload' });
    await expect(store.set(null)).rejects.toMatchObject({ code: 'invalid-payload' });
    expect(store.get().fontSize).toBe(16);
    expect(await readFile(settingsPath(), 'utf8')).toBe(before);
  });

  it('does not let a caller change the stored settings through a returned object', async () => {
    const store = await open();
    const settings = store.get();
    settings.limits.maxIterations = 99;
    expect(store.get().limits.maxIterations).toBe(defaultSettings().limits.maxIterations);
  });

  it('applies concurrent patches in order, each on top of the last', async () => {
    const store = await open();
    await Promise.all([store.set({ fontSize: 12 }), store.set({ theme: 'light' }), store.set({ fontSize: 18 })]);
    expect(store.get()).toMatchObject({ fontSize: 18, theme: 'light' });
    expect((await open()).get()).toMatchObject({ fontSize: 18, theme: 'light' });
  });

  it('moves a corrupt file aside with a notice and uses the defaults', async () => {
    await writeFile(settingsPath(), '{"format":"taco-settings","version":1,"settings":{"theme":"da');
    const store = await open();
    expect(store.get()).toEqual(defaultSettings());
    expect(store.notices).toHaveLength(1);
    expect(store.notices[0]).toMatch(/could not be used \(it is not valid JSON\).*moved aside/);
    const aside = (await readdir(dataDir)).find((name) => name.startsWith('settings.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dataDir, aside ?? ''), 'utf8')).toContain('"theme":"da');
  });

  it('moves an invalid file aside too, naming what was wrong', async () => {
    await writeFile(settingsPath(), JSON.stringify({ format: 'taco-settings', version: 1, settings: { fontSize: 500 } }));
    const store = await open();
    expect(store.get()).toEqual(defaultSettings());
    expect(store.notices[0]).toContain('fontSize');
  });

  it('fills fields missing from an older file with their defaults', async () => {
    await writeFile(
      settingsPath(),
      JSON.stringify({ format: 'taco-settings', version: 1, settings: { theme: 'light', limits: { maxIterations: 5 } } }),
    );
    const store = await open();
    expect(store.notices).toEqual([]);
    expect(store.get()).toEqual({ ...defaultSettings(), theme: 'light', limits: { ...defaultSettings().limits, maxIterations: 5 } });
  });
});
