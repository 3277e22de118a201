import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import {
  documentRecordSchema,
  type DocumentAuthor,
  type DocumentFilter,
  type DocumentRecord,
} from '../../../../shared/documents/documents';
import { writeFileAtomic } from '../../store/files/atomic-write';
import { ensureDir } from '../../store/files/data-dir';
import { createKeyedQueue } from '../../store/files/keyed-queue';
import { sha256 } from '../versions/content-blobs';
import { mimeTypeOf, tokenCount } from '../document-meta';
import { searchDocuments } from './document-search';
import { createDocumentSearchCache } from './document-search-cache';
import { documentsDir, type VersionStore } from '../versions/version-store';

export interface WriteNote {
  conversationId: string;
  path: string;
  content: Buffer;
  author: DocumentAuthor;
  /** The model that wrote it: the automatic summary is asked of the same model. */
  model: string;
  /** The model can see (checked): a picture gets a description. Otherwise a picture, like any binary content, gets no summary. */
  modelSeesImages?: boolean;
  /** The summary starts only after this settles (and then waits for the conversation to be idle): chat.send notes attachments before it starts the run. */
  summaryAfter?: Promise<unknown>;
  description?: string;
  tags?: string[];
}

/** Makes a short summary of a document (a side request); null when it could not. */
export type Summarize = (input: SummarizeInput) => Promise<string | null>;

/** A text document's beginning, or a picture (base64, `text` empty) for the model to describe. */
export interface SummarizeInput {
  model: string;
  path: string;
  text: string;
  image?: string;
  signal: AbortSignal;
}

/** Pictures a vision model takes (Ollama's images); other binary content gets no summary. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface DocumentIndex {
  /** Records a write (metadata now; the automatic summary later, in the background). */
  noteWrite(note: WriteNote): Promise<DocumentRecord>;
  list(conversationId: string, filter?: DocumentFilter): Promise<DocumentRecord[]>;
  /** Full text (minisearch over path, description, tags, summary and content), or by meaning when `embed` is given. */
  search(
    conversationId: string,
    query: string,
    filter?: DocumentFilter,
    embed?: (texts: string[]) => Promise<number[][]>,
  ): Promise<DocumentRecord[]>;
  get(conversationId: string, path: string): Promise<DocumentRecord | null>;
  /** Resolves when every summary asked for so far is done (tests, shutdown). */
  idle(): Promise<void>;
  /** Shutdown: summaries waiting or under way are dropped. */
  dispose(): void;
}

export interface DocumentIndexOptions {
  dataDir: string;
  versions: VersionStore;
  summarize?: Summarize;
  /** Resolves when the conversation has no run going: summaries wait for it, so they never delay a model step. */
  whenIdle?: (conversationId: string) => Promise<void>;
  now?: () => number;
}

const recordsFile = (dataDir: string, conversationId: string): string => join(documentsDir(dataDir), conversationId, 'documents.json');
const fileSchema = z.object({ documents: z.array(documentRecordSchema) });

export function createDocumentIndex(options: DocumentIndexOptions): DocumentIndex {
  const queue = createKeyedQueue();
  const now = options.now ?? Date.now;
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();
  const searchCache = createDocumentSearchCache();

  /**
   * The records as last read or written, per conversation, with the file's identity then: a search
   * over thousands of documents checks the file (one stat) instead of parsing it again each time.
   * The records are frozen, since every caller shares them.
   */
  const parsed = new Map<string, { key: string; documents: readonly DocumentRecord[] }>();
  const fileKey = async (file: string): Promise<string | null> => {
    const info = await stat(file, { bigint: true }).catch(() => null);
    return info === null ? null : `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  };
  const remember = (conversationId: string, key: string | null, documents: DocumentRecord[]): DocumentRecord[] => {
    for (const doc of documents) Object.freeze(doc);
    if (key === null) parsed.delete(conversationId);
    else parsed.set(conversationId, { key, documents });
    return documents;
  };
  const read = async (conversationId: string): Promise<DocumentRecord[]> => {
    const file = recordsFile(options.dataDir, conversationId);
    const key = await fileKey(file);
    if (key === null) return [];
    const cached = parsed.get(conversationId);
    if (cached?.key === key) return [...cached.documents];
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return [];
    try {
      const result = fileSchema.safeParse(JSON.parse(text));
      return result.success ? remember(conversationId, key, result.data.documents) : [];
    } catch {
      return [];
    }
  };
  const write = async (conversationId: string, documents: DocumentRecord[]): Promise<void> => {
    await ensureDir(join(documentsDir(options.dataDir), conversationId));
    const file = recordsFile(options.dataDir, conversationId);
    await writeFileAtomic(file, JSON.stringify({ documents }));
    remember(conversationId, await fileKey(file), documents);
  };
  const update = (conversationId: string, change: (documents: DocumentRecord[]) => DocumentRecord[]): Promise<DocumentRecord[]> =>
    queue.run(conversationId, async () => {
      const next = change(await read(conversationId));
      await write(conversationId, next);
      return next;
    });

  const summarizeLater = (note: WriteNote, hash: string): void => {
    const summarize = options.summarize;
    const picture = note.modelSeesImages === true && PICTURE_TYPES.has(mimeTypeOf(note.path, note.content));
    if (!summarize || (!picture && note.content.subarray(0, 8000).includes(0))) return;
    if (picture && note.content.length > DEFAULTS.documents.maxSummaryImageBytes) return;
    const task = (async () => {
      await note.summaryAfter?.catch(() => undefined);
      await (options.whenIdle?.(note.conversationId) ?? Promise.resolve());
      if (stopping.signal.aborted) return;
      const input: SummarizeInput = picture
        ? { model: note.model, path: note.path, text: '', image: note.content.toString('base64'), signal: stopping.signal }
        : {
            model: note.model,
            path: note.path,
            text: note.content.toString('utf8').slice(0, DEFAULTS.documents.summaryInputChars),
            signal: stopping.signal,
          };
      const summary = (await summarize(input).catch(() => null))?.trim();
      if (!summary || stopping.signal.aborted) return;
      await update(note.conversationId, (documents) =>
        // Only if the content is still the one summarised: a newer write gets its own summary.
        documents.map((doc) =>
          doc.path === note.path && doc.contentHash === hash ? { ...doc, autoSummary: summary.slice(0, 4000), summaryOf: hash } : doc,
        ),
      );
    })().catch(() => undefined);
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };

  return {
    async noteWrite(note) {
      const at = now();
      const hash = sha256(note.content);
      const text = note.content.toString('utf8');
      let saved: DocumentRecord | undefined;
      await update(note.conversationId, (documents) => {
        const previous = documents.find((doc) => doc.path === note.path);
        saved = {
          path: note.path,
          createdAt: previous?.createdAt ?? at,
          updatedAt: at,
          createdBy: previous?.createdBy ?? note.author,
          updatedBy: note.author,
          mimeType: mimeTypeOf(note.path, note.content),
          size: note.content.length,
          tokens: tokenCount(text),
          description: note.description ?? previous?.description ?? '',
          tags: note.tags ?? previous?.tags ?? [],
          contentHash: hash,
          autoSummary: previous?.summaryOf === hash ? previous.autoSummary : null,
          summaryOf: previous?.summaryOf === hash ? previous.summaryOf : null,
        };
        return [...documents.filter((doc) => doc.path !== note.path), saved];
      });
      if (saved!.summaryOf !== hash) summarizeLater(note, hash);
      return saved!;
    },
    async list(conversationId, filter = {}) {
      const documents = await queue.run(conversationId, () => read(conversationId));
      return documents.filter((doc) => matches(doc, filter)).sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async search(conversationId, query, filter = {}, embed) {
      const documents = (await queue.run(conversationId, () => read(conversationId))).filter((doc) => matches(doc, filter));
      const content = async (doc: DocumentRecord): Promise<string> => {
        const data =
          doc.contentHash === null ? null : await options.versions.content(conversationId, { hash: doc.contentHash, size: doc.size });
        return Buffer.isBuffer(data) && !data.subarray(0, 8000).includes(0)
          ? data.toString('utf8').slice(0, DEFAULTS.documents.searchContentChars)
          : '';
      };
      // Unfiltered full text (what search_documents asks without filters) keeps its index between searches.
      if (!embed && Object.values(filter).every((value) => value === undefined) && query.trim() !== '')
        return searchCache.search(conversationId, documents, query, content);
      return searchDocuments(documents, query, content, embed);
    },
    async get(conversationId, path) {
      return (await queue.run(conversationId, () => read(conversationId))).find((doc) => doc.path === path) ?? null;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    dispose() {
      stopping.abort();
    },
  };
}

function matches(doc: DocumentRecord, filter: DocumentFilter): boolean {
  if (filter.tag !== undefined && !doc.tags.some((tag) => tag.toLowerCase() === filter.tag!.toLowerCase())) return false;
  if (filter.type !== undefined && !doc.mimeType.startsWith(filter.type.toLowerCase())) return false;
  if (filter.since !== undefined && doc.updatedAt < filter.since) return false;
  if (filter.until !== undefined && doc.updatedAt > filter.until) return false;
  if (filter.creator !== undefined) {
    const wanted = filter.creator.toLowerCase();
    const { task, runId, tool } = doc.createdBy;
    if (!task.toLowerCase().includes(wanted) && runId?.toLowerCase() !== wanted && tool?.toLowerCase() !== wanted) return false;
  }
  return true;
}
