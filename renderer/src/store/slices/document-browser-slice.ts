import type { DocumentsBrowseResult, VersionContent } from '../../../../shared/documents/document-browser';
import type { VersionRef } from '../../../../shared/documents/documents';
import type { SliceCreator } from '../store-types';

/** The Documents browser asks main for each document's metadata and versions, and for one version's content to preview. */
export interface DocumentBrowserSlice {
  /** Each answers null after reporting a failed call. */
  browseDocuments(conversationId: string): Promise<DocumentsBrowseResult | null>;
  versionContent(conversationId: string, version: VersionRef): Promise<VersionContent | null>;
}

export const createDocumentBrowserSlice: SliceCreator<DocumentBrowserSlice> = (_set, get, { api }) => {
  const asking = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      get().reportError(error);
      return null;
    }
  };
  return {
    browseDocuments: (conversationId) => asking(() => api.call('documents.browse', { conversationId })),
    versionContent: (conversationId, version) => asking(() => api.call('documents.content', { conversationId, version })),
  };
};

declare module '../store-types' {
  interface TacoState extends DocumentBrowserSlice {}
}
