import { describe, expect, it } from 'vitest';
import type { KnowledgeFolderView } from '../../../../shared/knowledge/knowledge-folders';
import { folderStateWords } from './knowledge-words';

const indexing: KnowledgeFolderView = {
  folder: '/home/ana/notes',
  state: 'indexing',
  filesFound: 0,
  filesIndexed: 0,
  chunks: 0,
  chunksEmbedded: 0,
  skipped: [],
  error: null,
  progress: null,
  projectId: null,
  fromCommandLine: false,
  elapsedSeconds: 1,
  secondsLeft: null,
};

describe('a folder’s state in words', () => {
  it('counts the files first, then says files read of the total and the time left once there is one', () => {
    expect(folderStateWords({ ...indexing, filesFound: 1500 })).toBe('Counting files: 1,500 files found so far');
    const reading = { ...indexing, filesFound: 800, chunks: 640, progress: { done: 120, total: 800, secondsLeft: null } };
    expect(folderStateWords(reading)).toBe('Indexing: 120 of 800 files read, 640 passages');
    expect(folderStateWords({ ...reading, secondsLeft: 130 })).toBe('Indexing: 120 of 800 files read, 640 passages (about 2 min left)');
    expect(folderStateWords({ ...reading, secondsLeft: 40 })).toBe('Indexing: 120 of 800 files read, 640 passages (about 40 s left)');
  });
});
