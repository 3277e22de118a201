import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applySettingsPatch,
  defaultSettings,
  MAX_TOOL_APPROVALS,
  settingsPatchSchema,
  settingsSchema,
} from '../../../../shared/settings/settings';
import { createSettingsStore } from './settings-store';

let dataDir: string;
const open = () => createSettingsStore({ dataDir, log: () => undefined, now: () => 0 });
const settingsPath = () => join(dataDir, 'settings.json');

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'taco-tool-approvals-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('toolApprovals: schema and patch', () => {
  it('defaults to no overrides', () => {
    expect(defaultSettings().toolApprovals).toEqual({});
  });

  it('a patch sets, replaces and (with null) removes overrides, leaving the others', () => {
    const first = applySettingsPatch(defaultSettings(), { toolApprovals: { read_file: 'ask', write_file: 'allow' } });
    expect(first.toolApprovals).toEqual({ read_file: 'ask', write_file: 'allow' });
    const second = applySettingsPatch(first, { toolApprovals: { read_file: null, run_command: 'ask', write_file: 'ask' } });
    expect(second.toolApprovals).toEqual({ write_file: 'ask', run_command: 'ask' });
    expect(applySettingsPatch(second, { fontSize: 16 }).toolApprovals).toEqual(second.toolApprovals);
    expect(first.toolApprovals).toEqual({ read_file: 'ask', write_file: 'allow' });
  });

  it('refuses ids that are not snake_case tool ids, and values other than ask, allow or null', () => {
    for (const key of ['ReadFile', 'read-file', 'read file', '', '_x', 'a'.repeat(101)]) {
      expect(settingsPatchSchema.safeParse({ toolApprovals: { [key]: 'ask' } }).success, key).toBe(false);
    }
    for (const value of ['deny', true, 1, {}]) {
      expect(settingsPatchSchema.safeParse({ toolApprovals: { read_file: value } }).success).toBe(false);
    }
    expect(settingsPatchSchema.safeParse({ toolApprovals: ['read_file'] }).success).toBe(false);
    // A "__proto__" key from JSON is dropped by the parser; it never reaches the merge.
    const proto = settingsPatchSchema.parse(JSON.parse('{"toolApprovals":{"__proto__":"ask"}}'));
    expect(Object.keys(proto.toolApprovals ?? {})).toEqual([]);
    expect(Object.getPrototypeOf(applySettingsPatch(defaultSettings(), proto).toolApprovals)).toBe(Object.prototype);
    expect(settingsSchema.safeParse({ ...defaultSettings(), toolApprovals: { read_file: null } }).success).toBe(false);
  });

  it('holds at most MAX_TOOL_APPROVALS overrides', () => {
    const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`tool_${index}`, 'ask' as const]));
    expect(settingsPatchSchema.safeParse({ toolApprovals: many(MAX_TOOL_APPROVALS) }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ toolApprovals: many(MAX_TOOL_APPROVALS + 1) }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...defaultSettings(), toolApprovals: many(MAX_TOOL_APPROVALS + 1) }).success).toBe(false);
  });
});

describe('toolApprovals: the settings store', () => {
  it('saves overrides, removes one with null, and reads them back', async () => {
    const store = await open();
    await store.set({ toolApprovals: { read_file: 'ask', write_file: 'allow' } });
    const saved = await store.set({ toolApprovals: { write_file: null } });
    expect(saved.toolApprovals).toEqual({ read_file: 'ask' });
    const file = JSON.parse(await readFile(settingsPath(), 'utf8'));
    expect(file.settings.toolApprovals).toEqual({ read_file: 'ask' });
    expect((await open()).get().toolApprovals).toEqual({ read_file: 'ask' });
  });

  it('refuses a bad entry naming the field, and changes nothing', async () => {
    const store = await open();
    await store.set({ toolApprovals: { read_file: 'ask' } });
    const before = await readFile(settingsPath(), 'utf8');
    await expect(store.set({ toolApprovals: { read_file: 'sometimes' } })).rejects.toMatchObject({
      code: 'invalid-payload',
      message: expect.stringContaining('"toolApprovals.read_file"'),
    });
    await expect(store.set({ toolApprovals: { 'Read File': 'ask' } })).rejects.toMatchObject({
      code: 'invalid-payload',
      message: expect.stringContaining('toolApprovals'),
    });
    expect(store.get().toolApprovals).toEqual({ read_file: 'ask' });
    expect(await readFile(settingsPath(), 'utf8')).toBe(before);
  });

  it('refuses a patch that would take the stored overrides past the cap, as invalid input', async () => {
    const store = await open();
    const half = (from: number) =>
      Object.fromEntries(Array.from({ length: MAX_TOOL_APPROVALS / 2 + 1 }, (_, index) => [`tool_${from + index}`, 'allow' as const]));
    await store.set({ toolApprovals: half(0) });
    await expect(store.set({ toolApprovals: half(10_000) })).rejects.toMatchObject({
      code: 'invalid-payload',
      message: expect.stringContaining('"toolApprovals"'),
    });
    expect(Object.keys(store.get().toolApprovals)).toHaveLength(MAX_TOOL_APPROVALS / 2 + 1);
  });

  it('loads a file written before the field existed, with no overrides', async () => {
    const old = { ...defaultSettings(), theme: 'dark' } as Record<string, unknown>;
    delete old['toolApprovals'];
    await writeFile(settingsPath(), JSON.stringify({ format: 'taco-settings', version: 1, settings: old }));
    const store = await open();
    expect(store.notices).toEqual([]);
    expect(store.get()).toEqual({ ...defaultSettings(), theme: 'dark' });
  });

  it('loads stored overrides', async () => {
    await writeFile(
      settingsPath(),
      JSON.stringify({ format: 'taco-settings', version: 1, settings: { toolApprovals: { fetch_url: 'allow' } } }),
    );
    expect((await open()).get().toolApprovals).toEqual({ fetch_url: 'allow' });
  });
});
