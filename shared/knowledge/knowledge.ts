import { z } from 'zod';

/** Where a passage is in its file: a line range (text, markdown, code, HTML), a PDF page, or a DOCX section. */
export const passageLocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lines'), start: z.number().int().min(1), end: z.number().int().min(1) }),
  z.object({ kind: z.literal('page'), page: z.number().int().min(1) }),
  z.object({ kind: z.literal('section'), index: z.number().int().min(1) }),
]);
export type PassageLocation = z.infer<typeof passageLocationSchema>;

/** One passage search_knowledge hands the model: `n` is the number the answer cites it by ([1], [2]). */
export const knowledgePassageSchema = z.object({
  n: z.number().int().min(1),
  /** The added folder's absolute path. */
  folder: z.string(),
  /** The file's path inside that folder, with forward slashes. */
  file: z.string(),
  location: passageLocationSchema,
  /** The heading (or declaration) the passage sits under, when the file has one. */
  heading: z.string().nullable(),
  text: z.string(),
});
export type KnowledgePassage = z.infer<typeof knowledgePassageSchema>;

/** "lines 10–24", "page 3", "section 2". */
export function describeLocation(location: PassageLocation): string {
  switch (location.kind) {
    case 'lines':
      return location.start === location.end ? `line ${location.start}` : `lines ${location.start}–${location.end}`;
    case 'page':
      return `page ${location.page}`;
    case 'section':
      return `section ${location.index}`;
  }
}

/** Why a file (or part of a folder) is not in the index. */
export interface KnowledgeSkip {
  /** Path inside the folder ('' for the folder itself). */
  file: string;
  reason: string;
}

/** One added folder as the index sees it now. */
export interface KnowledgeFolderStatus {
  folder: string;
  state: 'indexing' | 'ready' | 'failed';
  /** Files found so far / indexed (chunked) so far. */
  filesFound: number;
  filesIndexed: number;
  chunks: number;
  /** Chunks with a vector from the current embedding model. */
  chunksEmbedded: number;
  skipped: KnowledgeSkip[];
  /** The folder itself could not be read (removed drive, no permission), in words. */
  error: string | null;
  /** While indexing: files read so far of those to read in this pass, and the time left (null: not known yet). */
  progress?: KnowledgeProgress | null;
  /** Something the user may want to know that is not an error, e.g. the saved index was unreadable and is being rebuilt. */
  note?: string | null;
}

export interface KnowledgeProgress {
  done: number;
  total: number;
  secondsLeft: number | null;
}
