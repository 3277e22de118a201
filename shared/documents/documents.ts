import { z } from 'zod';

/** A kept content: its sha256 (null when it was too large to keep or was dropped over the budget) and its size in bytes. */
export const contentRefSchema = z
  .object({
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    size: z.number().int().min(0),
  })
  .strict();
export type ContentRef = z.infer<typeof contentRefSchema>;

/**
 * One change to a workspace file, as the version log keeps it. `before`/`after` null: the file
 * did not exist (before a create, after undoing one). `write`: a tool wrote it; `undo`: /undo or
 * the Undo button put back the content before write `undoes`; `restore`: the Documents panel put
 * back an older version, or (with `redoes`) the Redo of an undone write put back what it wrote.
 */
export const versionRecordSchema = z
  .object({
    seq: z.number().int().min(1),
    at: z.number(),
    kind: z.enum(['write', 'undo', 'restore']),
    path: z.string().min(1).max(4096),
    /** The workspace folder the path is relative to: an undo in another workspace is refused. */
    workspace: z.string().max(4096).nullable(),
    tool: z.string().max(200).nullable(),
    callId: z.string().max(200).nullable(),
    runId: z.string().max(200).nullable(),
    before: contentRefSchema.nullable(),
    after: contentRefSchema.nullable(),
    undoes: z.number().int().min(1).optional(),
    redoes: z.number().int().min(1).optional(),
  })
  .strict();
export type VersionRecord = z.infer<typeof versionRecordSchema>;

/** The files this conversation's tools wrote, each with its changes (oldest first). */
export interface DocumentsListResult {
  documents: Array<{ path: string; records: VersionRecord[] }>;
  /** Seqs of writes already undone. */
  undone: number[];
}

/** One kept content of a file: the content before (`before`) or after (`after`) change `seq`. */
export const versionRefSchema = z.object({ seq: z.number().int().min(1), side: z.enum(['before', 'after']) }).strict();
export type VersionRef = z.infer<typeof versionRefSchema>;

/** The writes undone now: each undo marks its write, a later redo of it clears the mark. */
export function undoneWrites(records: readonly VersionRecord[]): Set<number> {
  const undone = new Set<number>();
  for (const record of records) {
    if (record.undoes !== undefined) undone.add(record.undoes);
    if (record.redoes !== undefined) undone.delete(record.redoes);
  }
  return undone;
}

/** What undoing a write would do, shown before it happens. */
export type UndoPreview =
  | { type: 'nothing'; message: string }
  | {
      type: 'ready';
      seq: number;
      path: string;
      /** Unified diff from the file as it is now to the content the undo puts back. */
      diff: string;
      /** The file changed since the write (by hand or another program): undoing needs `confirmed`, and keeps the current content as a version. */
      changedSince: boolean;
      /** The content before the write could not be kept (too large, or dropped over the budget). */
      lost: boolean;
    };

/** What an undo or restore did. */
export type UndoResult =
  | { type: 'undone'; path: string; record: VersionRecord; message: string }
  | { type: 'needs-confirmation'; preview: UndoPreview; message: string }
  | { type: 'nothing'; message: string };

/** Who made a change: the run, the tool call and the task it worked on. */
export const documentAuthorSchema = z
  .object({
    runId: z.string().max(200).nullable(),
    callId: z.string().max(200).nullable(),
    tool: z.string().max(200).nullable(),
    task: z.string().max(2000),
  })
  .strict();
export type DocumentAuthor = z.infer<typeof documentAuthorSchema>;

/**
 * A file a tool wrote, with what agents query it by: who made it (which task), when, its type,
 * size and token count, the description and tags the writer gave, and an automatic summary made
 * in the background (of the content whose hash is `summaryOf`).
 */
export const documentRecordSchema = z
  .object({
    path: z.string().min(1).max(4096),
    createdAt: z.number(),
    updatedAt: z.number(),
    createdBy: documentAuthorSchema,
    updatedBy: documentAuthorSchema,
    mimeType: z.string().max(200),
    size: z.number().int().min(0),
    tokens: z.number().int().min(0),
    description: z.string().max(2000),
    tags: z.array(z.string().max(100)).max(50),
    /** The version-store hash of the latest content (null when it was too large to keep). */
    contentHash: z.string().nullable(),
    autoSummary: z.string().max(4000).nullable(),
    summaryOf: z.string().nullable(),
  })
  .strict();
export type DocumentRecord = z.infer<typeof documentRecordSchema>;

/** Filters of list_documents and search_documents; every one given must match. */
export interface DocumentFilter {
  tag?: string;
  /** A word of the creator task, or the creating tool call's run id. */
  creator?: string;
  /** A MIME type or its start ("text/", "application/json"). */
  type?: string;
  /** Changed at or after / before this time (ms). */
  since?: number;
  until?: number;
}
