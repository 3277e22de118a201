import type MiniSearch from 'minisearch';
import { DEFAULTS } from '../../../../shared/constants';
import type { DocumentRecord } from '../../../../shared/documents/documents';
import { fullTextIndex, searchFields, type SearchFields } from './document-search';

/**
 * One full-text index per conversation's documents, kept between searches: built at the first
 * search (reading every content once); a document whose record changed since (a write, a new
 * summary, new tags) or that is gone is replaced at the next search, so a search over a
 * workspace of thousands of files does not read them all again. The same fields and options as
 * a search built for the query (document-search.ts), so it ranks the same.
 */
export interface DocumentSearchCache {
  /** The documents matching the query, best first (all of `documents` are indexed if they were not). */
  search(
    conversationId: string,
    documents: DocumentRecord[],
    query: string,
    contentOf: (doc: DocumentRecord) => Promise<string>,
  ): Promise<DocumentRecord[]>;
}

interface Entry {
  index: MiniSearch<SearchFields>;
  /** The record each indexed path was indexed from (a record that differs is re-indexed). */
  indexed: Map<string, DocumentRecord>;
}

export function createDocumentSearchCache(): DocumentSearchCache {
  const entries = new Map<string, Entry>();
  return {
    async search(conversationId, documents, query, contentOf) {
      let entry = entries.get(conversationId);
      if (!entry) {
        entry = { index: fullTextIndex(), indexed: new Map() };
        entries.set(conversationId, entry);
      }
      const { index, indexed } = entry;
      const current = new Map(documents.map((doc) => [doc.path, doc]));
      for (const [path, doc] of indexed) {
        if (current.get(path) === doc || sameRecord(current.get(path), doc)) continue;
        index.discard(path);
        indexed.delete(path);
      }
      const missing = documents.filter((doc) => !indexed.has(doc.path));
      const fields = await Promise.all(missing.map(async (doc) => searchFields(doc, await contentOf(doc))));
      index.addAll(fields);
      for (const doc of missing) indexed.set(doc.path, doc);
      return index
        .search(query)
        .map((hit) => current.get(String(hit.id)))
        .filter((doc): doc is DocumentRecord => doc !== undefined)
        .slice(0, DEFAULTS.documents.maxListed);
    },
  };
}

function sameRecord(a: DocumentRecord | undefined, b: DocumentRecord): boolean {
  return (
    a !== undefined &&
    a.contentHash === b.contentHash &&
    a.description === b.description &&
    a.autoSummary === b.autoSummary &&
    a.tags.join('\n') === b.tags.join('\n')
  );
}
