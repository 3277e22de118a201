import { z } from 'zod';
import type { KnowledgeFolderStatus } from './knowledge';
import { projectIdSchema } from '../projects/projects';

/** A knowledge folder as the user names it: a full path (main resolves it and checks it is a folder TACO may read). */
export const knowledgeFolderPathSchema = z
  .string()
  .trim()
  .min(1, 'must name a folder')
  .max(4096)
  .refine(
    (value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\\\'),
    'must be a full path, such as /home/you/notes',
  );

/** Where a folder's passages reach: every conversation (null) or one project's conversations. */
export const knowledgeScopeSchema = projectIdSchema.nullable();

/** One stored knowledge folder: its resolved path and its scope. */
export const knowledgeFolderEntrySchema = z.object({ folder: z.string().min(1), projectId: knowledgeScopeSchema }).strict();
export type KnowledgeFolderEntry = z.infer<typeof knowledgeFolderEntrySchema>;

/** A folder as Settings → Knowledge shows it: the index's status, its scope, and the time left while it is indexed. */
export interface KnowledgeFolderView extends KnowledgeFolderStatus {
  projectId: string | null;
  /** Only for this run (the command line's --knowledge): not stored, cannot be removed from the window. */
  fromCommandLine: boolean;
  /** Seconds since indexing started (while indexing), null otherwise. */
  elapsedSeconds: number | null;
  /** An estimate while indexing, once there is a pace to go by; null when none can be given. */
  secondsLeft: number | null;
}

/** Which folders a conversation searches: the global ones and its own project's, never another project's. */
export function foldersForProject(entries: readonly KnowledgeFolderEntry[], projectId: string | null): string[] {
  return entries.filter((entry) => entry.projectId === null || entry.projectId === projectId).map((entry) => entry.folder);
}
