import type { Memory, MemoryFilter } from '../../../../shared/memory/memory';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import type { ActionResult } from './conversation-management-slice';

/**
 * Memory as Settings → Memory shows it: main owns the notes (`memory.*` calls); this keeps the list
 * for the filter picked, what main said was wrong with the memory file, and the note a turn's
 * "Remembered" link asked to show.
 */
export interface MemorySlice {
  memories: Memory[];
  memoryFilter: MemoryFilter;
  /** What main said went wrong reading the memory file (nothing deleted); null when it read whole. */
  memoryProblem: string | null;
  /** Why the list could not be loaded; null when it was. */
  memoryLoadError: string | null;
  /** The note to scroll to and mark (a turn's "Remembered" link); null: none. */
  memoryFocus: string | null;
  loadMemories(filter?: MemoryFilter): Promise<void>;
  addMemory(text: string, projectId: string | null): Promise<ActionResult>;
  updateMemory(memoryId: string, changes: { text?: string; projectId?: string | null }): Promise<ActionResult>;
  removeMemory(memoryId: string): Promise<ActionResult>;
  /** Opens Settings → Memory on every note, with this one marked. */
  showMemory(memoryId: string): void;
}

declare module '../store-types' {
  interface TacoState extends MemorySlice {}
}

export const createMemorySlice: SliceCreator<MemorySlice> = (set, get, { api }) => {
  const failed = (error: unknown): ActionResult => ({ ok: false, message: describeCallFailure(error) });
  return {
    memories: [],
    memoryFilter: { type: 'all' },
    memoryProblem: null,
    memoryLoadError: null,
    memoryFocus: null,

    async loadMemories(filter) {
      const wanted = filter ?? get().memoryFilter;
      set({ memoryFilter: wanted });
      try {
        const result = await api.call('memory.list', { filter: wanted });
        // An older answer for another filter must not replace the list the user now looks at.
        if (get().memoryFilter !== wanted) return;
        set({ memories: result.memories, memoryProblem: result.problem, memoryLoadError: null });
      } catch (error) {
        if (get().memoryFilter === wanted) set({ memoryLoadError: describeCallFailure(error) });
      }
    },

    async addMemory(text, projectId) {
      try {
        await api.call('memory.add', { text, projectId });
        await get().loadMemories();
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async updateMemory(memoryId, changes) {
      try {
        await api.call('memory.update', { memoryId, changes });
        await get().loadMemories();
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    async removeMemory(memoryId) {
      try {
        await api.call('memory.remove', { memoryId });
        set((state) => ({ memories: state.memories.filter((memory) => memory.memoryId !== memoryId) }));
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    },

    showMemory(memoryId) {
      set({ memoryFocus: memoryId, memoryFilter: { type: 'all' } });
      get().setSettingsOpen(true, 'memory');
    },
  };
};
