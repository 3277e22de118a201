import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../../../shared/documents/documents';
import { createDocumentSearchCache } from './document-search-cache';
import { searchDocuments } from './document-search';

const author = { task: 't', runId: null, callId: null, tool: 'write_file' };
const record = (path: string, hash: string, description = ''): DocumentRecord => ({
  path,
  createdAt: 1,
  updatedAt: 1,
  createdBy: author,
  updatedBy: author,
  mimeType: 'text/plain',
  size: 1,
  tokens: 1,
  description,
  tags: [],
  contentHash: hash,
  autoSummary: null,
  summaryOf: null,
});

describe('document search kept between searches', () => {
  it('ranks as a search built for the query, reads each content once, and follows a rewritten document', async () => {
    const contents = new Map<string, string>([
      ['h1', 'the parser reads tokens'],
      ['h2', 'tokens and a lexer'],
      ['h3', 'nothing here about that'],
      ['h4', 'the lexer was rewritten'],
    ]);
    let documents = [record('src/parser.ts', 'h1'), record('src/lexer.ts', 'h2', 'lexer notes'), record('docs/readme.md', 'h3')];
    let reads = 0;
    const contentOf = async (doc: DocumentRecord): Promise<string> => {
      reads += 1;
      return contents.get(doc.contentHash ?? '') ?? '';
    };
    const cache = createDocumentSearchCache();
    for (const query of ['tokens', 'lexer', 'pars', 'readme']) {
      const kept = await cache.search('c', documents, query, contentOf);
      expect(kept.map((doc) => doc.path)).toEqual((await searchDocuments(documents, query, contentOf)).map((doc) => doc.path));
    }
    reads = 0;
    await cache.search('c', documents, 'tokens', contentOf);
    expect(reads).toBe(0);

    documents = [record('src/parser.ts', 'h1'), record('src/lexer.ts', 'h4', 'lexer notes')];
    expect((await cache.search('c', documents, 'rewritten', contentOf)).map((doc) => doc.path)).toEqual(['src/lexer.ts']);
    expect(reads).toBe(1);
    expect((await cache.search('c', documents, 'nothing', contentOf)).map((doc) => doc.path)).toEqual([]);
  });
});
