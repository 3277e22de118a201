import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { projectIdSchema } from '../projects/projects';

/**
 * Memory the user can see: short notes (facts the user stated, preferences, decisions) the model
 * saved through save_memory's approval or the user added in Settings → Memory. Each note belongs to
 * one project or is global (`projectId: null`); a project's notes reach only that project's
 * conversations, global ones reach every conversation. Main owns them (`electron/services/memory/`).
 */
export const memoryIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be a memory id as main gave it');

export const memoryTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DEFAULTS.memory.maxNoteChars, `must be at most ${DEFAULTS.memory.maxNoteChars} characters`);

/** null: global (every conversation); a project id: only that project's conversations. */
export const memoryScopeSchema = projectIdSchema.nullable();

export type MemorySource = 'model' | 'user';

export interface Memory {
  memoryId: string;
  text: string;
  projectId: string | null;
  /** Who saved it: the model (save_memory, approved by the user's rule) or the user (Settings → Memory). */
  source: MemorySource;
  savedAt: number;
  updatedAt: number;
}

/**
 * Which notes a list shows: every note (Settings → Memory's "All"), the global ones only, or what
 * a conversation in that project sees (its own notes and the global ones, never another project's).
 */
export const memoryFilterSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }).strict(),
  z.object({ type: z.literal('global') }).strict(),
  z.object({ type: z.literal('project'), projectId: projectIdSchema }).strict(),
]);
export type MemoryFilter = z.infer<typeof memoryFilterSchema>;

export interface MemoryListResult {
  memories: Memory[];
  /** Set when the memory file could not be read whole: what was wrong and what TACO did (nothing deleted). */
  problem: string | null;
}

/** A note recalled into a turn's prompt, as the turn shows it ("Remembered: …"). */
export interface RecalledMemory {
  memoryId: string;
  text: string;
  projectId: string | null;
}

/** Whether a note with this scope may reach a conversation in `projectId` (null: a conversation in no project). */
export function reachesProject(noteProjectId: string | null, projectId: string | null): boolean {
  return noteProjectId === null || noteProjectId === projectId;
}

/** Whether a note is shown by a list filter. */
export function matchesFilter(noteProjectId: string | null, filter: MemoryFilter): boolean {
  switch (filter.type) {
    case 'all':
      return true;
    case 'global':
      return noteProjectId === null;
    case 'project':
      return reachesProject(noteProjectId, filter.projectId);
    default: {
      const unreachable: never = filter;
      return unreachable;
    }
  }
}
