import { basename } from 'node:path';
import { ContractError, describeZodError } from '../../../../shared/contract/contract-error';
import {
  applySettingsPatch,
  defaultSettings,
  settingsPatchSchema,
  settingsSchema,
  type ScalarSettingKey,
  type Settings,
} from '../../../../shared/settings/settings';
import { moveAside, writeFileAtomic } from '../files/atomic-write';
import { ensureDir, settingsFile } from '../files/data-dir';
import { salvageSettings } from './settings-salvage';
import { readJsonFile } from '../files/read-json-file';

export const SETTINGS_FORMAT = 'taco-settings';
export const SETTINGS_FORMAT_VERSION = 1;

export interface SettingsStoreOptions {
  dataDir: string;
  now?: () => number;
  /** Where repairs are reported. Default: console.warn. */
  log?: (message: string) => void;
}

export interface SettingsStore {
  get(): Settings;
  /** One setting of a plain value, read without copying all of them as get() does (main reads some on every model request). */
  peek<K extends ScalarSettingKey>(key: K): Settings[K];
  /** Validates the patch, merges it, writes the file atomically. A refused patch changes nothing. */
  set(patch: unknown): Promise<Settings>;
  /** What loading had to repair, in words, for the user (a corrupt file moved aside). */
  readonly notices: readonly string[];
}

/**
 * Settings in `settings.json` ({ format, version, settings }). Missing fields take their defaults;
 * a file that cannot be read or is invalid is moved aside with a notice and defaults are used.
 */
export async function createSettingsStore(options: SettingsStoreOptions): Promise<SettingsStore> {
  const { dataDir } = options;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((message: string) => console.warn(`[settings] ${message}`));
  const path = settingsFile(dataDir);
  await ensureDir(dataDir);
  const notices: string[] = [];

  let current = defaultSettings();
  const loaded = await loadFile(path);
  switch (loaded.type) {
    case 'missing':
      break;
    case 'ok':
      current = loaded.settings;
      break;
    case 'salvaged': {
      const aside = await moveAside(path, now());
      current = loaded.settings;
      await writeFileAtomic(path, serialize(current));
      const notice = `Some of your settings could not be used (${loaded.dropped.join(', ')}); they are back to their defaults and the others were kept. The file as it was is kept as “${basename(aside)}”.`;
      notices.push(notice);
      log(notice);
      break;
    }
    case 'invalid': {
      const aside = await moveAside(path, now());
      const notice = `Your settings file could not be used (${loaded.reason}). It was moved aside to “${basename(aside)}” and the default settings are in use; set them again in Settings.`;
      notices.push(notice);
      log(notice);
      break;
    }
    default: {
      const unreachable: never = loaded;
      return unreachable;
    }
  }

  let chain: Promise<unknown> = Promise.resolve();

  return {
    get: () => structuredClone(current),
    peek: (key) => current[key],
    notices,
    set(patch) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) return Promise.reject(new ContractError('invalid-payload', describeZodError('settings.set', parsed.error)));
      const task = chain.then(async () => {
        // A valid patch can still make invalid settings (e.g. more tool overrides than allowed).
        const merged = settingsSchema.safeParse(applySettingsPatch(current, parsed.data));
        if (!merged.success) throw new ContractError('invalid-payload', describeZodError('settings.set', merged.error));
        const next = merged.data;
        try {
          await writeFileAtomic(path, serialize(next));
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new ContractError(
            'internal',
            `Could not save the settings (${reason}). Check that the data folder ${dataDir} is writable, then try again.`,
          );
        }
        current = next;
        return structuredClone(next);
      });
      chain = task.catch(() => undefined);
      return task;
    },
  };
}

function serialize(settings: Settings): string {
  return `${JSON.stringify({ format: SETTINGS_FORMAT, version: SETTINGS_FORMAT_VERSION, settings }, null, 2)}\n`;
}

type Loaded =
  | { type: 'missing' }
  | { type: 'ok'; settings: Settings }
  | { type: 'salvaged'; settings: Settings; dropped: string[] }
  | { type: 'invalid'; reason: string };

async function loadFile(path: string): Promise<Loaded> {
  const read = await readJsonFile(path);
  if (read.type === 'missing') return { type: 'missing' };
  if (read.type === 'unparsable') return { type: 'invalid', reason: 'it is not valid JSON' };
  const value = read.value;
  if (!isRecord(value) || value.format !== SETTINGS_FORMAT) return { type: 'invalid', reason: 'it is not a TACO settings file' };
  if (typeof value.version !== 'number' || value.version > SETTINGS_FORMAT_VERSION) {
    return { type: 'invalid', reason: `it was written by a newer version of TACO (format ${String(value.version)})` };
  }
  // Stored settings are read as a patch over the defaults, so a field added later gets its default.
  const parsed = settingsPatchSchema.safeParse(value.settings);
  const salvaged = parsed.success ? null : salvageSettings(value.settings);
  if (salvaged && salvaged.kept > 0) return { type: 'salvaged', settings: salvaged.settings, dropped: salvaged.dropped };
  if (!parsed.success)
    return { type: 'invalid', reason: describeZodError('settings.json', parsed.error).replace(/^settings\.json: invalid request: /, '') };
  const merged = settingsSchema.safeParse(applySettingsPatch(defaultSettings(), parsed.data));
  if (!merged.success) return { type: 'invalid', reason: 'some values are out of range' };
  return { type: 'ok', settings: merged.data };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
