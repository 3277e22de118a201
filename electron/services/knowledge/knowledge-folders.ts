import { ContractError } from '../../../shared/contract/contract-error';
import { DEFAULTS } from '../../../shared/constants';
import type { KnowledgeFolderStatus } from '../../../shared/knowledge/knowledge';
import { foldersForProject, type KnowledgeFolderEntry, type KnowledgeFolderView } from '../../../shared/knowledge/knowledge-folders';
import { checkKnowledgeFolder } from './reading/knowledge-walk';
import type { StoredKnowledgeFolders } from './knowledge-settings';

/** What the folder list needs of the index (KnowledgeBase has it): add, remove, and each folder's status. */
export interface KnowledgeIndexPort {
  addFolder(folder: string): Promise<KnowledgeFolderStatus>;
  removeFolder(folder: string): boolean;
  status(): KnowledgeFolderStatus[];
}

export interface KnowledgeFoldersOptions {
  index: KnowledgeIndexPort;
  file: { read(): Promise<StoredKnowledgeFolders>; write(folders: readonly KnowledgeFolderEntry[]): Promise<void> };
  now: () => number;
  /** Resolves a folder the user names to the folder TACO would index, or says why it may not (knowledge-walk.ts by default). */
  check?: (folder: string) => Promise<{ ok: true; root: string } | { ok: false; reason: string }>;
}

export type KnowledgeFolders = ReturnType<typeof createKnowledgeFolders>;

/**
 * The knowledge folders the user keeps (global or per project) over the index: stored in the
 * data folder, indexed in the background at start and whenever one is added or re-indexed, and
 * shown with their progress. A folder in the index that the user did not store came from the
 * command line (--knowledge): global, for this run only. `scopeFor` is what a conversation may
 * search: the global folders and its own project's.
 */
export function createKnowledgeFolders(options: KnowledgeFoldersOptions) {
  const { index, file, now } = options;
  const check = options.check ?? checkKnowledgeFolder;
  let entries: KnowledgeFolderEntry[] = [];
  let problem: string | null = null;
  /** When each folder's indexing started (for elapsed and time left). */
  const startedAt = new Map<string, number>();
  /** Folders stored but not in the index: why they could not be added (removed drive, no permission). */
  const refused = new Map<string, KnowledgeFolderStatus>();
  const listeners = new Set<(folders: KnowledgeFolderView[]) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = 0;

  const startIndexing = async (folder: string): Promise<void> => {
    startedAt.set(folder, now());
    const first = await index.addFolder(folder);
    if (first.state === 'failed') refused.set(folder, first);
    else refused.delete(folder);
  };

  const view = (status: KnowledgeFolderStatus): KnowledgeFolderView => {
    const entry = entries.find((candidate) => candidate.folder === status.folder);
    const started = startedAt.get(status.folder);
    const indexing = status.state === 'indexing' && started !== undefined;
    const elapsedMs = indexing ? Math.max(0, now() - started) : 0;
    return {
      ...status,
      projectId: entry?.projectId ?? null,
      fromCommandLine: entry === undefined,
      elapsedSeconds: indexing ? Math.round(elapsedMs / 1000) : null,
      secondsLeft: indexing ? (status.progress?.secondsLeft ?? null) : null,
    };
  };

  const list = (): KnowledgeFolderView[] => {
    const indexed = index.status();
    const known = new Set(indexed.map((status) => status.folder));
    const missing = entries
      .filter((entry) => !known.has(entry.folder))
      .map((entry) => refused.get(entry.folder) ?? pendingStatus(entry.folder));
    return [...indexed, ...missing].map(view);
  };

  const send = (): void => {
    timer = null;
    lastSent = now();
    const folders = list();
    for (const listener of listeners) listener(folders);
  };

  return {
    /** Reads the stored folders and queues their indexing (resolves once queued, not once indexed). */
    async start(): Promise<void> {
      const stored = await file.read();
      entries = stored.folders;
      problem = stored.problem;
      await Promise.all(entries.map((entry) => startIndexing(entry.folder)));
      send();
    },

    list,

    /** What the stored list's file said was wrong with it; null when it read whole. */
    problem: (): string | null => problem,

    /** The folders a conversation in `projectId` (null: none) searches: global ones (command line included) and its project's. */
    scopeFor(projectId: string | null): string[] {
      const stored = new Set(entries.map((entry) => entry.folder));
      const commandLine = index
        .status()
        .map((status) => status.folder)
        .filter((folder) => !stored.has(folder));
      return [...commandLine, ...foldersForProject(entries, projectId)];
    },

    async add(folder: string, projectId: string | null): Promise<KnowledgeFolderView> {
      const checked = await check(folder);
      if (!checked.ok) throw new ContractError('invalid-payload', checked.reason);
      const already = entries.find((entry) => entry.folder === checked.root);
      if (already || index.status().some((status) => status.folder === checked.root))
        throw new ContractError('invalid-payload', `${checked.root} is already a knowledge folder.`);
      const next = [...entries, { folder: checked.root, projectId }];
      await file.write(next);
      entries = next;
      problem = null;
      await startIndexing(checked.root);
      send();
      return list().find((status) => status.folder === checked.root)!;
    },

    async remove(folder: string): Promise<boolean> {
      const stored = entries.some((entry) => entry.folder === folder);
      if (!stored) {
        if (index.status().some((status) => status.folder === folder))
          throw new ContractError('invalid-payload', `${folder} was given on the command line for this run; it cannot be removed here.`);
        return false;
      }
      const next = entries.filter((entry) => entry.folder !== folder);
      await file.write(next);
      entries = next;
      index.removeFolder(folder);
      refused.delete(folder);
      startedAt.delete(folder);
      send();
      return true;
    },

    async reindex(folder: string): Promise<KnowledgeFolderView> {
      const known = entries.some((entry) => entry.folder === folder) || index.status().some((status) => status.folder === folder);
      if (!known) throw new ContractError('not-found', `${folder} is not a knowledge folder.`);
      index.removeFolder(folder);
      await startIndexing(folder);
      send();
      return list().find((status) => status.folder === folder)!;
    },

    /** The index moved on: listeners hear of it at most every DEFAULTS.knowledge.statusEventMs, the last change always. */
    changed(): void {
      if (timer) return;
      const wait = Math.max(0, lastSent + DEFAULTS.knowledge.statusEventMs - now());
      if (wait === 0) send();
      else timer = setTimeout(send, wait);
    },

    subscribe(listener: (folders: KnowledgeFolderView[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    dispose(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      listeners.clear();
    },
  };
}

function pendingStatus(folder: string): KnowledgeFolderStatus {
  return { folder, state: 'indexing', filesFound: 0, filesIndexed: 0, chunks: 0, chunksEmbedded: 0, skipped: [], error: null };
}
