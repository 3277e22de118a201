import MiniSearch from 'minisearch';
import { DEFAULTS } from '../../../../shared/constants';
import type { DocumentRecord } from '../../../../shared/documents/documents';

export interface SearchFields {
  id: string;
  path: string;
  description: string;
  tags: string;
  summary: string;
  content: string;
}

/**
 * The documents matching a query, best first: by meaning (cosine of /api/embed vectors) when
 * `embed` is given and works, else full text (minisearch BM25+ over path, description, tags,
 * summary and content, with prefixes and small typos).
 */
export async function searchDocuments(
  documents: DocumentRecord[],
  query: string,
  contentOf: (doc: DocumentRecord) => Promise<string>,
  embed?: (texts: string[]) => Promise<number[][]>,
): Promise<DocumentRecord[]> {
  const limit = DEFAULTS.documents.maxListed;
  if (query.trim() === '') return documents.slice(0, limit);
  const fields: SearchFields[] = await Promise.all(documents.map(async (doc) => searchFields(doc, await contentOf(doc))));
  if (embed) {
    const ranked = await byMeaning(fields, query, embed).catch(() => null);
    if (ranked) return ranked.map((path) => documents.find((doc) => doc.path === path)!).slice(0, limit);
  }
  const index = fullTextIndex();
  index.addAll(fields);
  return index
    .search(query)
    .map((hit) => documents.find((doc) => doc.path === hit.id)!)
    .slice(0, limit);
}

/** What full-text search looks at in a document. */
export function searchFields(doc: DocumentRecord, content: string): SearchFields {
  return {
    id: doc.path,
    path: doc.path.replace(/[/._-]+/g, ' '),
    description: doc.description,
    tags: doc.tags.join(' '),
    summary: doc.autoSummary ?? '',
    content,
  };
}

/** An empty full-text index with the fields and options every document search uses. */
export function fullTextIndex(): MiniSearch<SearchFields> {
  return new MiniSearch<SearchFields>({
    fields: ['path', 'description', 'tags', 'summary', 'content'],
    searchOptions: {
      boost: { tags: 3, path: 2, description: 2 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
    },
  });
}

async function byMeaning(fields: SearchFields[], query: string, embed: (texts: string[]) => Promise<number[][]>): Promise<string[]> {
  const texts = fields.map((field) => [field.path, field.description, field.tags, field.summary, field.content.slice(0, 2000)].join('\n'));
  const vectors = await embed([query, ...texts]);
  const [wanted, ...rest] = vectors;
  if (!wanted || rest.length !== fields.length) throw new Error('embedding count mismatch');
  return fields
    .map((field, index) => ({ path: field.id, score: cosine(wanted, rest[index]!) }))
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.path);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
