import { join } from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import {
  presetLibrarySchema,
  systemPromptPresetSchema,
  type PresetLibrary,
  type SystemPromptPreset,
} from '../../../shared/conversations/system-prompts';
import { writeFileAtomic } from '../store/files/atomic-write';
import { readJsonFile } from '../store/files/read-json-file';

/** A library file that cannot be read as it is: saving is refused so that nothing in it is lost. */
export class PresetLibraryError extends Error {
  override readonly name = 'PresetLibraryError';
}

export interface PromptLibrary {
  list(): Promise<SystemPromptPreset[]>;
  /** null when there is no such preset. */
  get(id: string): Promise<SystemPromptPreset | null>;
  /** Adds or replaces the preset with this id; throws a ZodError for a bad preset. */
  save(preset: unknown): Promise<SystemPromptPreset>;
  remove(id: string): Promise<boolean>;
}

/**
 * The system prompt library in `<data folder>/system-prompts.json`, read on every call (the user
 * may edit it by hand) and replaced atomically on save. A file that is not valid JSON or not a
 * library is reported with its path and never overwritten.
 */
export function createPromptLibrary(dataDir: string): PromptLibrary {
  const path = join(dataDir, DEFAULTS.systemPrompts.fileName);
  let writing: Promise<unknown> = Promise.resolve();

  async function read(): Promise<PresetLibrary> {
    const file = await readJsonFile(path);
    if (file.type === 'missing') return { presets: [] };
    if (file.type === 'unparsable') throw new PresetLibraryError(`${path} is not valid JSON; fix or remove it (nothing was changed).`);
    const parsed = presetLibrarySchema.safeParse(file.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PresetLibraryError(
        `${path}: ${issue?.path.join('.') || 'the file'} ${issue?.message ?? 'is not a preset library'} (nothing was changed).`,
      );
    }
    return parsed.data;
  }

  /** One change at a time, each on the file as the previous one left it. */
  function change<T>(apply: (library: PresetLibrary) => { library: PresetLibrary | null; result: T }): Promise<T> {
    const next = writing.then(async () => {
      const { library, result } = apply(await read());
      if (library) await writeFileAtomic(path, `${JSON.stringify(library, null, 2)}\n`);
      return result;
    });
    writing = next.catch(() => undefined);
    return next;
  }

  return {
    list: async () => (await read()).presets,
    get: async (id) => (await read()).presets.find((preset) => preset.id === id) ?? null,
    async save(input) {
      const preset = systemPromptPresetSchema.parse(input);
      return change((library) => {
        const others = library.presets.filter((existing) => existing.id !== preset.id);
        const at = library.presets.findIndex((existing) => existing.id === preset.id);
        const presets = at < 0 ? [...others, preset] : library.presets.map((existing) => (existing.id === preset.id ? preset : existing));
        return { library: presetLibrarySchema.parse({ presets }), result: preset };
      });
    },
    remove(id) {
      return change((library) => {
        const presets = library.presets.filter((preset) => preset.id !== id);
        return presets.length === library.presets.length ? { library: null, result: false } : { library: { presets }, result: true };
      });
    },
  };
}
