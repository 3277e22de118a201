import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import { describeLocation } from '../../../../shared/knowledge/knowledge';
import type { KnowledgeFolderView } from '../../../../shared/knowledge/knowledge-folders';

const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** "about 2 min left", "about 40 s left". */
export function timeLeftWords(seconds: number): string {
  return seconds >= 90 ? `about ${Math.round(seconds / 60)} min left` : `about ${Math.max(1, seconds)} s left`;
}

/**
 * A folder's state in one line: "Counting files: 1,500 found so far" (the walk, before reading),
 * "Indexing: 120 of 800 files read, 640 passages (about 2 min left)", "Ready: 12 files, 40
 * passages", "Not indexed: …".
 */
export function folderStateWords(folder: KnowledgeFolderView): string {
  const counts = `${plural(folder.filesIndexed, 'file')}, ${plural(folder.chunks, 'passage')}`;
  switch (folder.state) {
    case 'indexing': {
      const progress = folder.progress;
      if (!progress) return `Counting files: ${plural(folder.filesFound, 'file')} found so far`;
      const left = folder.secondsLeft !== null && progress.done < progress.total ? ` (${timeLeftWords(folder.secondsLeft)})` : '';
      return `Indexing: ${progress.done.toLocaleString()} of ${plural(progress.total, 'file')} read, ${plural(folder.chunks, 'passage')}${left}`;
    }
    case 'ready':
      return `Ready: ${counts}`;
    case 'failed':
      return `Not indexed: ${folder.error ?? 'the folder could not be read'}`;
  }
}

/** "Used 4 passages from 2 files". */
export function passagesUsedWords(passages: readonly KnowledgePassage[]): string {
  const files = new Set(passages.map((passage) => `${passage.folder}\0${passage.file}`)).size;
  return `Used ${plural(passages.length, 'passage')} from ${plural(files, 'file')}`;
}

/** "notes/boiler.md, lines 3–9". */
export function passagePlace(passage: KnowledgePassage): string {
  return `${passage.file}, ${describeLocation(passage.location)}`;
}

/** The passage's file as a full path, with the folder's own separator. */
export function passagePath(passage: KnowledgePassage): string {
  const separator = passage.folder.includes('\\') && !passage.folder.includes('/') ? '\\' : '/';
  return `${passage.folder.replace(/[\\/]+$/, '')}${separator}${separator === '/' ? passage.file : passage.file.replaceAll('/', '\\')}`;
}
