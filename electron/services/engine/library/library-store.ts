import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { architectureFactsSchema } from '../../../../shared/engine/model-library';

const recordSchema = z.object({
  modelId: z.string().min(1),
  name: z.string().min(1),
  path: z.string().min(1),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().nullable(),
  source: z.enum(['downloaded', 'added']),
  catalogueId: z.string().nullable(),
  architecture: architectureFactsSchema.nullable(),
  addedAt: z.number(),
});
export type LocalModelRecord = z.infer<typeof recordSchema>;
const manifestSchema = z.object({ version: z.literal(1), models: z.array(recordSchema) });

/** The models TACO can run, kept in `<models folder>/library.json` (written whole, then renamed). */
export interface LibraryStore {
  folder: string;
  /** Models whose file is still where it was recorded. */
  list(): Promise<LocalModelRecord[]>;
  /** Adds or replaces (same path) a model. */
  put(record: LocalModelRecord): Promise<void>;
  remove(modelId: string): Promise<LocalModelRecord | null>;
}

export function createLibraryStore(folder: string, log: (message: string) => void = console.warn): LibraryStore {
  const file = join(folder, 'library.json');
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function read(): Promise<LocalModelRecord[]> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return [];
    }
    const parsed = manifestSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      log(`The model library list ${file} is unreadable; it starts empty (the model files are untouched).`);
      return [];
    }
    return parsed.data.models;
  }

  async function write(models: LocalModelRecord[]): Promise<void> {
    await mkdir(folder, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify({ version: 1, models }, null, 2));
    await rename(temp, file);
  }

  return {
    folder,
    list: () => serial(async () => (await read()).filter((model) => existsSync(model.path))),
    put: (record) =>
      serial(async () => {
        const models = (await read()).filter((model) => model.path !== record.path && model.modelId !== record.modelId);
        await write([...models, record]);
      }),
    remove: (modelId) =>
      serial(async () => {
        const models = await read();
        const found = models.find((model) => model.modelId === modelId) ?? null;
        if (found) await write(models.filter((model) => model !== found));
        return found;
      }),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
