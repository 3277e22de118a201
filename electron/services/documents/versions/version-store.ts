import { readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULTS } from '../../../../shared/constants';
import type { ContentRef, VersionRecord } from '../../../../shared/documents/documents';
import { assertSafeId } from '../../store/files/data-dir';
import { createKeyedQueue } from '../../store/files/keyed-queue';
import { readBlob, writeBlob } from './content-blobs';
import { appendRecord, readRecords, repairTail } from './version-log';

/**
 * Where versions live in the data folder (never in the workspace):
 *   documents/<conversationId>/versions.jsonl   one record per change, append-only, fsynced
 *   documents/<conversationId>/blobs/<sha256>   the contents, content-addressed
 */
export const documentsDir = (dataDir: string): string => join(dataDir, 'documents');
const conversationDir = (dataDir: string, conversationId: string): string => join(documentsDir(dataDir), assertSafeId(conversationId));
const logFile = (dataDir: string, conversationId: string): string => join(conversationDir(dataDir, conversationId), 'versions.jsonl');
const blobDir = (dataDir: string, conversationId: string): string => join(conversationDir(dataDir, conversationId), 'blobs');

export interface ChangeInput {
  conversationId: string;
  kind: VersionRecord['kind'];
  path: string;
  /** The workspace folder `path` is relative to. */
  workspace: string | null;
  tool: string | null;
  callId: string | null;
  runId: string | null;
  /** null: the file did not exist; `{ notKept }`: too large to keep (its size). */
  before: Buffer | { notKept: number } | null;
  /** null: the file will not exist (undoing a create). */
  after: Buffer | null;
  undoes?: number;
  redoes?: number;
}

export interface VersionStore {
  /**
   * Keeps both contents (written and fsynced) and then records the change (appended and
   * fsynced). Call it BEFORE the file changes: a crash at any point leaves the file either as it
   * was or as it became, both kept, and the log naming only complete contents.
   */
  recordChange(input: ChangeInput): Promise<VersionRecord>;
  records(conversationId: string): Promise<VersionRecord[]>;
  /** A kept content: null for "no file", 'missing' when it was not kept or was dropped over the budget. */
  content(conversationId: string, ref: ContentRef | null): Promise<Buffer | null | 'missing'>;
  /** Removes a conversation's versions (the conversation was deleted). */
  remove(conversationId: string): Promise<void>;
}

export interface VersionStoreOptions {
  dataDir: string;
  /** Bytes all kept contents may take together (settings.versionBudgetMb). */
  budgetBytes: () => number;
  now?: () => number;
  /** Test seam: runs after the contents are kept and before the record is appended. */
  afterContentKept?: () => Promise<void>;
}

export function createVersionStore(options: VersionStoreOptions): VersionStore {
  const queue = createKeyedQueue();
  const now = options.now ?? Date.now;
  const repaired = new Set<string>();

  async function keep(conversationId: string, data: Buffer | { notKept: number } | null): Promise<ContentRef | null> {
    if (data === null) return null;
    if (!Buffer.isBuffer(data)) return { hash: null, size: data.notKept };
    if (data.length > DEFAULTS.documents.maxVersionFileBytes) return { hash: null, size: data.length };
    return { hash: await writeBlob(blobDir(options.dataDir, conversationId), data), size: data.length };
  }

  return {
    recordChange(input) {
      return queue.run(input.conversationId, async () => {
        const file = logFile(options.dataDir, input.conversationId);
        if (!repaired.has(file)) {
          await repairTail(file);
          repaired.add(file);
        }
        const before = await keep(input.conversationId, input.before);
        const after = await keep(input.conversationId, input.after);
        await options.afterContentKept?.();
        const previous = await readRecords(file);
        const record: VersionRecord = {
          seq: (previous.at(-1)?.seq ?? 0) + 1,
          at: now(),
          kind: input.kind,
          path: input.path,
          workspace: input.workspace,
          tool: input.tool,
          callId: input.callId,
          runId: input.runId,
          before,
          after,
          ...(input.undoes !== undefined ? { undoes: input.undoes } : {}),
          ...(input.redoes !== undefined ? { redoes: input.redoes } : {}),
        };
        await appendRecord(file, record);
        await pruneToBudget(options.dataDir, options.budgetBytes(), new Set([before?.hash, after?.hash].filter(isString)));
        return record;
      });
    },
    records: (conversationId) => queue.run(conversationId, () => readRecords(logFile(options.dataDir, conversationId))),
    async content(conversationId, ref) {
      if (ref === null) return null;
      if (ref.hash === null) return 'missing';
      return (await readBlob(blobDir(options.dataDir, conversationId), ref.hash)) ?? 'missing';
    },
    remove: (conversationId) =>
      queue.run(conversationId, () => rm(conversationDir(options.dataDir, conversationId), { recursive: true, force: true })),
  };
}

function isString(value: string | null | undefined): value is string {
  return typeof value === 'string';
}

/**
 * Drops the oldest kept contents (by last use) until all of them fit the budget. The contents of
 * the change just recorded are never dropped. A record whose content was dropped still reads;
 * undoing it says the version is gone.
 */
async function pruneToBudget(dataDir: string, budget: number, protect: Set<string>): Promise<void> {
  const blobs: Array<{ path: string; size: number; used: number; hash: string }> = [];
  const conversations = await readdir(documentsDir(dataDir)).catch(() => []);
  for (const conversation of conversations) {
    const dir = join(documentsDir(dataDir), conversation, 'blobs');
    for (const name of await readdir(dir).catch(() => [])) {
      // Temp files of a blob being written (perhaps by another conversation's change right now) are not blobs yet.
      if (name.startsWith('.') || name.includes('.tmp-')) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info) blobs.push({ path: join(dir, name), size: info.size, used: info.mtimeMs, hash: name });
    }
  }
  let total = blobs.reduce((sum, blob) => sum + blob.size, 0);
  if (total <= budget) return;
  blobs.sort((a, b) => a.used - b.used);
  for (const blob of blobs) {
    if (total <= budget) break;
    if (protect.has(blob.hash)) continue;
    await unlink(blob.path).catch(() => undefined);
    total -= blob.size;
  }
}
