import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { knowledgeFolderEntrySchema, type KnowledgeFolderEntry } from '../../../shared/knowledge/knowledge-folders';
import { writeFileAtomic } from '../store/files/atomic-write';

const FILE_NAME = 'knowledge-folders.json';
const fileSchema = z.object({ version: z.literal(1), folders: z.array(knowledgeFolderEntrySchema) }).strict();

/** What reading the stored folders gave: the folders, and what was wrong with the file (null when it read whole). */
export interface StoredKnowledgeFolders {
  folders: KnowledgeFolderEntry[];
  problem: string | null;
}

/**
 * The knowledge folders the user added in Settings → Knowledge, in the data folder's
 * `knowledge-folders.json` (replaced whole through writeFileAtomic). A missing file is no folders;
 * a file that cannot be read or parsed is no folders with the reason, and is not overwritten until
 * the user changes the list.
 */
export function knowledgeSettingsFile(dataDir: string) {
  const file = path.join(dataDir, FILE_NAME);
  return {
    file,
    async read(): Promise<StoredKnowledgeFolders> {
      let raw: string;
      try {
        raw = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { folders: [], problem: null };
        return { folders: [], problem: `The knowledge folder list could not be read: ${(error as Error).message}` };
      }
      try {
        return { folders: fileSchema.parse(JSON.parse(raw)).folders, problem: null };
      } catch {
        return {
          folders: [],
          problem: `The knowledge folder list (${FILE_NAME}) is not in the expected form; no folders were loaded from it.`,
        };
      }
    },
    async write(folders: readonly KnowledgeFolderEntry[]): Promise<void> {
      await writeFileAtomic(file, `${JSON.stringify({ version: 1, folders }, null, 2)}\n`);
    },
  };
}
