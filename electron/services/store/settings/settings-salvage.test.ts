import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/settings';
import { salvageSettings } from './settings-salvage';
import { createSettingsStore } from './settings-store';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-salvage-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('settings with some bad values', () => {
  it('keeps every field that is valid on its own and names the others', () => {
    const result = salvageSettings({
      theme: 'dark',
      fontSize: 500,
      limits: { maxIterations: 7, depthLimit: -1 },
      approvals: { shell: 'allow', write: 'sometimes' },
      colour: 'red',
    });
    expect(result?.dropped).toEqual(['fontSize', 'limits.depthLimit', 'approvals.write', 'colour']);
    expect(result?.settings).toEqual({
      ...defaultSettings(),
      theme: 'dark',
      limits: { ...defaultSettings().limits, maxIterations: 7 },
      approvals: { ...defaultSettings().approvals, shell: 'allow' },
    });
    expect(salvageSettings('nope')).toBeNull();
  });

  it('loads the good part, says what was reset, keeps the file as it was, and saves the repaired settings', async () => {
    const original = JSON.stringify({
      format: 'taco-settings',
      version: 1,
      settings: { theme: 'dark', ollamaHost: 'file:///etc', limits: { maxIterations: 7 } },
    });
    await writeFile(join(dataDir, 'settings.json'), original);
    const store = await createSettingsStore({ dataDir, log: () => {}, now: () => 0 });
    expect(store.get()).toMatchObject({ theme: 'dark', ollamaHost: defaultSettings().ollamaHost, limits: { maxIterations: 7 } });
    expect(store.notices).toEqual([expect.stringMatching(/could not be used \(ollamaHost\).*others were kept.*settings\.corrupt-/)]);
    const aside = (await readdir(dataDir)).find((name) => name.startsWith('settings.corrupt-'));
    expect(await readFile(join(dataDir, aside ?? ''), 'utf8')).toBe(original);
    const reopened = await createSettingsStore({ dataDir, log: () => {} });
    expect(reopened.notices).toEqual([]);
    expect(reopened.get()).toEqual(store.get());
  });
});
