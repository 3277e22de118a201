import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { passageLocationSchema } from '../../../shared/knowledge/knowledge';
import type { Chunk } from './reading/knowledge-chunk';

/**
 * One knowledge folder's index as it lives in the data folder (a folder of its own per knowledge
 * folder): `index.json` (per file: mtime, size, a hash of its chunks, and the chunks or why it is
 * skipped) and `vectors.f32` (one vector per chunk text, from
 * the model `vectors.key`, back to back in the order of `vectors.hashes`). BM25 is rebuilt from
 * the chunks on open (no file is read again). Written to a temporary name and renamed, so a crash
 * mid-write leaves the previous index.
 */
export const SAVED_INDEX_VERSION = 1;

const chunkSchema = z.object({ text: z.string(), location: passageLocationSchema, heading: z.string().nullable() });
const fileRecordSchema = z.object({
  mtimeMs: z.number(),
  size: z.number().int().min(0),
  hash: z.string(),
  chunks: z.array(chunkSchema),
  skip: z.string().nullable(),
});
const savedIndexSchema = z.object({
  version: z.literal(SAVED_INDEX_VERSION),
  folder: z.string(),
  files: z.record(z.string(), fileRecordSchema),
  vectors: z.object({ key: z.string(), dimensions: z.number().int().min(1), hashes: z.array(z.string()) }).nullable(),
});

export interface FileRecord {
  mtimeMs: number;
  size: number;
  /** sha256 over the file's chunk texts: equal means nothing to re-index. */
  hash: string;
  chunks: Chunk[];
  /** Why the file is not in the index (unchanged, it is not read again to find out); null: indexed. */
  skip: string | null;
}

export interface SavedIndex {
  folder: string;
  files: Record<string, FileRecord>;
  vectors: { key: string; hashes: string[]; vectors: Float32Array[] } | null;
}

export type LoadedIndex =
  | { type: 'loaded'; index: SavedIndex }
  | { type: 'none' }
  /** Unreadable: moved aside (`movedTo`), so the folders are indexed anew; `reason` in words. */
  | { type: 'corrupt'; reason: string; movedTo: string };

const INDEX = 'index.json';
const VECTORS = 'vectors.f32';

export async function loadSavedIndex(dir: string): Promise<LoadedIndex> {
  let text: string;
  try {
    text = await readFile(path.join(dir, INDEX), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { type: 'none' };
    return moveAside(dir, `it cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const parsed = savedIndexSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return moveAside(dir, 'it is not in the form this version of TACO writes');
    const { folder, files, vectors } = parsed.data;
    if (!vectors) return { type: 'loaded', index: { folder, files, vectors: null } };
    const bytes = await readFile(path.join(dir, VECTORS));
    const expected = vectors.hashes.length * vectors.dimensions * 4;
    if (bytes.byteLength !== expected)
      return moveAside(dir, `its vectors file has ${bytes.byteLength} bytes where ${expected} were expected`);
    const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const list = vectors.hashes.map((_, index) => all.subarray(index * vectors.dimensions, (index + 1) * vectors.dimensions));
    return { type: 'loaded', index: { folder, files, vectors: { key: vectors.key, hashes: vectors.hashes, vectors: list } } };
  } catch (error) {
    return moveAside(dir, error instanceof SyntaxError ? 'it is not valid JSON' : error instanceof Error ? error.message : String(error));
  }
}

export async function saveIndex(dir: string, index: SavedIndex): Promise<void> {
  await mkdir(dir, { recursive: true });
  const vectors = index.vectors;
  const dimensions = vectors?.vectors[0]?.length ?? 0;
  const json = {
    version: SAVED_INDEX_VERSION,
    folder: index.folder,
    files: index.files,
    vectors: vectors && dimensions > 0 ? { key: vectors.key, dimensions, hashes: vectors.hashes } : null,
  };
  if (json.vectors && vectors) {
    const data = new Float32Array(vectors.hashes.length * dimensions);
    vectors.vectors.forEach((vector, at) => data.set(vector, at * dimensions));
    await writeAtomically(path.join(dir, VECTORS), new Uint8Array(data.buffer));
  }
  await writeAtomically(path.join(dir, INDEX), JSON.stringify(json));
}

async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

async function moveAside(dir: string, reason: string): Promise<LoadedIndex> {
  const movedTo = path.join(dir, `corrupt-${Date.now()}`);
  await mkdir(movedTo, { recursive: true });
  for (const name of [INDEX, VECTORS]) {
    await rename(path.join(dir, name), path.join(movedTo, name)).catch(() => rm(path.join(dir, name), { force: true }));
  }
  return { type: 'corrupt', reason, movedTo };
}
