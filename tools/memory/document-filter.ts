import type { DocumentFilter, DocumentRecord } from '../../shared/documents/documents';
import type { JsonObject } from '../../shared/contract/json';
import { optionalStringArg } from '../catalogue/args/tool-args';
import { ToolFailure } from '../catalogue/tool-runtime-types';

/** The optional filters list_documents and search_documents share, checked. */
export function documentFilterArgs(args: JsonObject): DocumentFilter {
  const text = (name: string): string | undefined => optionalStringArg(args, name)?.trim() || undefined;
  const tag = text('tag');
  const creator = text('creator');
  const type = text('type');
  const since = dateArg(text('since'), 'since');
  const until = dateArg(text('until'), 'until');
  return {
    ...(tag ? { tag } : {}),
    ...(creator ? { creator } : {}),
    ...(type ? { type } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until: /T/.test(text('until') ?? '') ? until : until + 24 * 60 * 60_000 - 1 } : {}),
  };
}

function dateArg(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new ToolFailure(`The argument "${name}" is not a date: give one like "2025-05-01" or "2025-05-01T18:00".`);
  return at;
}

/** A document as the model reads it. */
export function documentView(doc: DocumentRecord): JsonObject {
  return {
    path: doc.path,
    mime_type: doc.mimeType,
    size_bytes: doc.size,
    tokens: doc.tokens,
    description: doc.description,
    tags: doc.tags,
    summary: doc.summaryOf !== null && doc.summaryOf === doc.contentHash ? doc.autoSummary : null,
    created_for: doc.createdBy.task,
    created_at: new Date(doc.createdAt).toISOString(),
    updated_at: new Date(doc.updatedAt).toISOString(),
  };
}

export const NO_DOCUMENTS_MESSAGE = 'Documents are not recorded here (no conversation store).';
