import type { DocumentsListResult, UndoPreview, UndoResult, VersionRef } from '../../../../shared/documents';
import type { SliceCreator } from '../store-types';

/** The files tools wrote in a conversation, their versions, undo and restore: main decides, the slice asks. */
export interface DocumentsSlice {
  /** Each answers null after reporting a failed call. */
  listDocuments(conversationId: string): Promise<DocumentsListResult | null>;
  previewUndo(conversationId: string, callId: string): Promise<UndoPreview | null>;
  undoWrite(conversationId: string, callId: string, confirmed: boolean): Promise<UndoResult | null>;
  diffVersions(conversationId: string, from: VersionRef, to: VersionRef): Promise<string | null>;
  restoreVersion(conversationId: string, version: VersionRef): Promise<UndoResult | null>;
}

export const createDocumentsSlice: SliceCreator<DocumentsSlice> = (_set, get, { api }) => {
  const asking = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      get().reportError(error);
      return null;
    }
  };
  return {
    listDocuments: (conversationId) => asking(() => api.call('documents.list', { conversationId })),
    previewUndo: (conversationId, callId) => asking(() => api.call('documents.undoPreview', { conversationId, callId })),
    undoWrite: (conversationId, callId, confirmed) => asking(() => api.call('documents.undo', { conversationId, callId, confirmed })),
    diffVersions: (conversationId, from, to) => asking(async () => (await api.call('documents.diff', { conversationId, from, to })).diff),
    restoreVersion: (conversationId, version) => asking(() => api.call('documents.restore', { conversationId, version })),
  };
};

declare module '../store-types' {
  interface TacoState extends DocumentsSlice {}
}
