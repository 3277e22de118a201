/* eslint-disable @typescript-eslint/no-explicit-any -- the compared stores are loaded untyped: they are not dependencies. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInProcessVectorStore } from '../../electron/services/knowledge/vector-store';

/** One embedded store compared in the knowledge bench: built into a folder, opened again, searched. */
export interface StoreCandidate {
  name: 'in-process' | 'lancedb' | 'pglite';
  /** Adds `count` vectors (ids 0..count-1, from `vectorOf`) and builds whatever index the store uses. */
  build(dir: string, count: number, vectorOf: (id: number) => Float32Array): Promise<void>;
  /** Opens what `build` left in `dir` (a fresh process: the cold open). */
  open(dir: string): Promise<void>;
  nearest(vector: Float32Array, k: number): Promise<number[]>;
  close(): Promise<void>;
}

const BATCH = 2000;

/**
 * Today's store: vectors in one Float32Array, scanned. On disk it is that array and the ids as
 * they are in memory (what the persisted index writes), so opening is one read.
 */
export function inProcessCandidate(): StoreCandidate {
  let store = createInProcessVectorStore();
  return {
    name: 'in-process',
    async build(dir, count, vectorOf) {
      for (let id = 0; id < count; id += 1) store.put(id, vectorOf(id));
      await mkdir(dir, { recursive: true });
      const snapshot = store.snapshot();
      await writeFile(join(dir, 'vectors.f32'), new Uint8Array(snapshot.data.buffer, snapshot.data.byteOffset, snapshot.data.byteLength));
      await writeFile(join(dir, 'ids.i32'), new Uint8Array(Int32Array.from(snapshot.ids).buffer));
    },
    async open(dir) {
      const data = await readFile(join(dir, 'vectors.f32'));
      const ids = await readFile(join(dir, 'ids.i32'));
      store = createInProcessVectorStore();
      const idArray = new Int32Array(ids.buffer, ids.byteOffset, ids.byteLength / 4);
      store.restore({ ids: [...idArray], data: new Float32Array(data.buffer, data.byteOffset, data.byteLength / 4) });
    },
    async nearest(vector, k) {
      return store.nearest(vector, k).map((hit) => hit.id);
    },
    async close() {
      store.clear();
    },
  };
}

/**
 * The stores compared with today's are not dependencies of TACO (see docs/knowledge-and-memory.md,
 * "Which vector store"); the comparison loads them when installed for it, without saving:
 * `npm install --no-save @lancedb/lancedb@0.31.0 @electric-sql/pglite@0.5.14 @electric-sql/pglite-pgvector@0.0.15`.
 */
export const COMPARED_PACKAGES = ['@lancedb/lancedb@0.31.0', '@electric-sql/pglite@0.5.14', '@electric-sql/pglite-pgvector@0.0.15'];

async function optional(name: string): Promise<any> {
  try {
    return await import(/* @vite-ignore */ name);
  } catch {
    throw new Error(`${name} is not installed (npm install --no-save ${COMPARED_PACKAGES.join(' ')})`);
  }
}

/** LanceDB 0.31.0 (native, Lance files on disk) with an IVF-PQ index, cosine. */
export function lanceCandidate(): StoreCandidate {
  let lance: any = null;
  let connection: any = null;
  let table: any = null;
  return {
    name: 'lancedb',
    async build(dir, count, vectorOf) {
      lance = await optional('@lancedb/lancedb');
      connection = await lance.connect(dir);
      for (let start = 0; start < count; start += BATCH) {
        const rows = [];
        for (let id = start; id < Math.min(count, start + BATCH); id += 1) rows.push({ id, vector: [...vectorOf(id)] });
        if (!table) table = await connection.createTable('chunks', rows, { mode: 'overwrite' });
        else await table.add(rows);
      }
      await table.createIndex('vector', {
        config: lance.Index.ivfPq({ numPartitions: Math.max(1, Math.round(Math.sqrt(count))), distanceType: 'cosine' }),
      });
      await table.optimize();
    },
    async open(dir) {
      lance = await optional('@lancedb/lancedb');
      connection = await lance.connect(dir);
      table = await connection.openTable('chunks');
    },
    async nearest(vector, k) {
      const rows: Array<{ id: number }> = await table
        .vectorSearch([...vector])
        .distanceType('cosine')
        .nprobes(20)
        .refineFactor(5)
        .select(['id'])
        .limit(k)
        .toArray();
      return rows.map((row) => Number(row.id));
    },
    async close() {
      table?.close();
      connection?.close();
    },
  };
}

/** PGlite 0.5 (Postgres in WASM) with pgvector and an HNSW index, cosine; data folder on disk. */
export function pgliteCandidate(): StoreCandidate {
  let db: any = null;
  const openDb = async (dir: string): Promise<any> => {
    const { PGlite } = await optional('@electric-sql/pglite');
    const { vector } = await optional('@electric-sql/pglite-pgvector');
    return PGlite.create({ dataDir: dir, extensions: { vector } });
  };
  const literal = (vector: Float32Array): string => `[${Array.from(vector, (value) => value.toPrecision(7)).join(',')}]`;
  return {
    name: 'pglite',
    async build(dir, count, vectorOf) {
      db = await openDb(dir);
      const dimensions = vectorOf(0).length;
      await db.exec(
        `CREATE EXTENSION IF NOT EXISTS vector; CREATE TABLE chunks (id integer PRIMARY KEY, embedding vector(${dimensions}));`,
      );
      const perStatement = 200;
      for (let start = 0; start < count; start += perStatement) {
        const values: string[] = [];
        for (let id = start; id < Math.min(count, start + perStatement); id += 1) values.push(`(${id}, '${literal(vectorOf(id))}')`);
        await db.exec(`INSERT INTO chunks (id, embedding) VALUES ${values.join(',')};`);
      }
      await db.exec(`SET maintenance_work_mem = '512MB'; CREATE INDEX ON chunks USING hnsw (embedding vector_cosine_ops);`);
      await db.exec('CHECKPOINT;');
    },
    async open(dir) {
      db = await openDb(dir);
    },
    async nearest(vector, k) {
      await db.exec('SET hnsw.ef_search = 100;');
      const result: { rows: Array<{ id: number }> } = await db.query(`SELECT id FROM chunks ORDER BY embedding <=> $1 LIMIT ${k}`, [
        literal(vector),
      ]);
      return result.rows.map((row) => row.id);
    },
    async close() {
      await db?.close();
    },
  };
}

export function candidate(name: string): StoreCandidate {
  if (name === 'in-process') return inProcessCandidate();
  if (name === 'lancedb') return lanceCandidate();
  if (name === 'pglite') return pgliteCandidate();
  throw new Error(`no store named ${name}`);
}
