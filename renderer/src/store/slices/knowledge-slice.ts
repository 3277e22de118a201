import type { ModelEvent } from '../../../../shared/contract/events';
import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import type { KnowledgeFolderView } from '../../../../shared/knowledge/knowledge-folders';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import type { ActionResult } from './conversation-management-slice';

/**
 * Knowledge as the window shows it: main owns the folders and their index (`knowledge.*` calls,
 * `knowledge-status` events with the whole list); this keeps that list, and the passage a
 * citation in an answer opened.
 */
export interface KnowledgeSlice {
  knowledgeFolders: KnowledgeFolderView[];
  /** What main said was wrong with the stored folder list; null when it read whole. */
  knowledgeProblem: string | null;
  knowledgeLoadError: string | null;
  /** The passage a citation opened (the passage panel); null: closed. */
  openPassage: KnowledgePassage | null;
  loadKnowledge(): Promise<void>;
  addKnowledgeFolder(folder: string, projectId: string | null): Promise<ActionResult>;
  removeKnowledgeFolder(folder: string): Promise<ActionResult>;
  reindexKnowledgeFolder(folder: string): Promise<ActionResult>;
  /** One `model-events` batch: a `knowledge-status` replaces the list. */
  applyKnowledgeEvents(events: readonly ModelEvent[]): void;
  showPassage(passage: KnowledgePassage | null): void;
}

declare module '../store-types' {
  interface TacoState extends KnowledgeSlice {}
}

export const createKnowledgeSlice: SliceCreator<KnowledgeSlice> = (set, get, { api }) => {
  const failed = (error: unknown): ActionResult => ({ ok: false, message: describeCallFailure(error) });
  return {
    knowledgeFolders: [],
    knowledgeProblem: null,
    knowledgeLoadError: null,
    openPassage: null,

    async loadKnowledge() {
      try {
        const result = await api.call('knowledge.list', {});
        set({ knowledgeFolders: result.folders, knowledgeProblem: result.problem, knowledgeLoadError: null });
      } catch (error) {
        set({ knowledgeLoadError: describeCallFailure(error) });
      }
    },

    async addKnowledgeFolder(folder, projectId) {
      try {
        await api.call('knowledge.add', { folder, projectId });
        await get().loadKnowledge();
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async removeKnowledgeFolder(folder) {
      try {
        await api.call('knowledge.remove', { folder });
        await get().loadKnowledge();
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async reindexKnowledgeFolder(folder) {
      try {
        await api.call('knowledge.reindex', { folder });
        await get().loadKnowledge();
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    applyKnowledgeEvents(events) {
      for (const event of events) if (event.type === 'knowledge-status') set({ knowledgeFolders: event.folders });
    },

    showPassage(openPassage) {
      set({ openPassage });
    },
  };
};
