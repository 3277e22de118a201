import {
  matchesFilter,
  reachesProject,
  type Memory,
  type MemoryFilter,
  type MemoryListResult,
  type RecalledMemory,
} from '../../../shared/memory/memory';
import { rankNotes } from '../../../tools/memory/memory-search';
import { ToolFailure, type MemoryStore } from '../../../tools/catalogue/tool-runtime-types';
import type { MemoryFile } from '../store/settings/memory-file-store';
import { DEFAULT_RECALL_BUDGET, recallForTurn, type RecallBudget } from './memory-recall';

/**
 * The one place that decides which notes reach where. A note of project A reaches a conversation
 * in project A and nowhere else; a global note reaches every conversation. Every way out goes
 * through here: the Settings list (`list`), the tools of a run (`forProject`: recall_memory sees,
 * save_memory saves into, the conversation's project) and the turn's prompt (`recallForTurn`).
 */
export interface MemoryBook {
  list(filter: MemoryFilter): Promise<MemoryListResult>;
  add(input: { text: string; projectId: string | null }): Promise<Memory>;
  update(memoryId: string, changes: { text?: string; projectId?: string | null }): Promise<Memory>;
  remove(memoryId: string): Promise<boolean>;
  /** save_memory and recall_memory for a conversation in `projectId` (null: in no project). */
  forProject(projectId: string | null): MemoryStore;
  /** The notes for this turn's prompt: relevant to the message, reaching the project, within the budget. */
  recallForTurn(projectId: string | null, message: string, budget?: RecallBudget): Promise<RecalledMemory[]>;
}

export function createMemoryBook(file: MemoryFile): MemoryBook {
  const reaching = async (projectId: string | null): Promise<Memory[]> =>
    (await file.all()).filter((note) => reachesProject(note.projectId, projectId));
  return {
    async list(filter) {
      const notes = await file.all();
      // Newest first, as the list shows them.
      const memories = notes.filter((note) => matchesFilter(note.projectId, filter)).reverse();
      return { memories, problem: file.problem() };
    },
    add: (input) => file.add({ ...input, source: 'user' }),
    update: (memoryId, changes) => file.update(memoryId, changes),
    remove: (memoryId) => file.remove(memoryId),
    forProject: (projectId) => ({
      async save(note) {
        const saved = await file.add({ text: note, projectId, source: 'model' });
        return { id: saved.memoryId, savedAt: saved.savedAt };
      },
      async recall(query, limit) {
        const notes = (await reaching(projectId)).map((note) => ({ id: note.memoryId, note: note.text, savedAt: note.savedAt }));
        return rankNotes(notes, query, limit);
      },
    }),
    recallForTurn: async (projectId, message, budget = DEFAULT_RECALL_BUDGET) => recallForTurn(await reaching(projectId), message, budget),
  };
}

/** The memory of a run with memory off (the CLI's --no-memory): nothing is recalled, nothing saved. */
export const memoryOff: MemoryStore = {
  save: () => Promise.reject(new ToolFailure('Memory is off for this run (--no-memory): nothing was saved.')),
  recall: () => Promise.resolve([]),
};
