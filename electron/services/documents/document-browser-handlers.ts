import type { BrowsedDocument, VersionContent } from '../../../shared/documents/document-browser';
import type { VersionRecord, VersionRef } from '../../../shared/documents/documents';
import type { CallHandlers } from '../app/call-router';
import type { DocumentIndex } from './search/document-index';
import { versionPreview } from './versions/version-preview';
import type { VersionStore } from './versions/version-store';

export type DocumentBrowserCallName = 'documents.browse' | 'documents.content';

export interface DocumentBrowserDeps {
  versions: VersionStore;
  documents: Pick<DocumentIndex, 'list'>;
}

const NOT_KEPT = 'This version was not kept (too large, or dropped to stay within the version budget).';

/** The Documents browser's calls: every written file with its metadata and versions, and one version's content for a preview. */
export function documentBrowserHandlers(deps: DocumentBrowserDeps): Pick<CallHandlers, DocumentBrowserCallName> {
  return {
    'documents.browse': async ({ conversationId }) => {
      const [records, metas] = await Promise.all([deps.versions.records(conversationId), deps.documents.list(conversationId)]);
      const byPath = new Map<string, VersionRecord[]>();
      for (const record of records) byPath.set(record.path, [...(byPath.get(record.path) ?? []), record]);
      const lastChange = (list: VersionRecord[]): number => list.at(-1)?.seq ?? 0;
      const documents: BrowsedDocument[] = [...byPath]
        .sort(([, a], [, b]) => lastChange(b) - lastChange(a))
        .map(([path, list]) => ({ path, meta: metas.find((meta) => meta.path === path) ?? null, records: list }));
      return { documents, undone: records.flatMap((record) => (record.undoes !== undefined ? [record.undoes] : [])) };
    },
    'documents.content': async ({ conversationId, version }) => contentOf(deps.versions, conversationId, version),
  };
}

async function contentOf(versions: VersionStore, conversationId: string, version: VersionRef): Promise<VersionContent> {
  const record = (await versions.records(conversationId)).find((candidate) => candidate.seq === version.seq);
  if (!record) return { type: 'unavailable', message: `There is no version ${version.seq} in this conversation.` };
  const ref = record[version.side];
  if (ref === null) return { type: 'no-file', message: `${record.path} did not exist at this point.` };
  if (ref.hash === null) return { type: 'unavailable', message: NOT_KEPT };
  const data = await versions.content(conversationId, ref);
  if (data === 'missing' || data === null) return { type: 'unavailable', message: NOT_KEPT };
  return versionPreview(record.path, data);
}
