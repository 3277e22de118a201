import type { DocumentsListResult, UndoPreview, UndoResult, VersionRef } from '../../../../shared/documents/documents';
import type { SliceCreator } from '../store-types';

/** The files tools wrote in a conversation, their versions, undo and restore: main decides, the slice asks. */
export interface DocumentsSlice {
  /** Each answers null after reporting a failed call. */
  listDocuments(conversationId: string): Promise<DocumentsListResult | null>;
  previewUndo(conversationId: string, callId: string): Promise<UndoPreview | null>;
  undoWrite(conversationId: string, callId: string, confirmed: boolean): Promise<UndoResult | null>;
  diffVersions(conversationId: string, from: VersionRef, to: VersionRef): Promise<string | null>;
  restoreVersion(conversationId: string, version: VersionRef): Promise<UndoResult | null>;
  /** Puts back what an undone write wrote (its row's Redo); `confirmed` when the file changed since the undo. */
  redoWrite(conversationId: string, callId: string, confirmed: boolean): Promise<UndoResult | null>;
  /** The tool calls whose write is undone now, in the conversation asked last (from documents.list); null until asked. */
  undoneCalls: { conversationId: string; callIds: readonly string[] } | null;
  refreshUndoneCalls(conversationId: string): Promise<void>;
}

export const createDocumentsSlice: SliceCreator<DocumentsSlice> = (set, get, { api }) => {
  const asking = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      get().reportError(error);
      return null;
    }
  };
  // Every write row asks when it appears: one question per conversation at a time.
  let asked: { conversationId: string; answer: Promise<void> } | null = null;
  const refreshUndoneCalls = (conversationId: string): Promise<void> => {
    if (asked?.conversationId === conversationId) return asked.answer;
    const answer = askUndoneCalls(conversationId).finally(() => {
      if (asked?.answer === answer) asked = null;
    });
    asked = { conversationId, answer };
    return answer;
  };
  const askUndoneCalls = async (conversationId: string) => {
    const list = await asking(() => api.call('documents.list', { conversationId }));
    if (!list) return;
    const undone = new Set(list.undone);
    const callIds = list.documents.flatMap((document) =>
      document.records.flatMap((record) =>
        record.kind === 'write' && record.callId !== null && undone.has(record.seq) ? [record.callId] : [],
      ),
    );
    set({ undoneCalls: { conversationId, callIds } });
  };
  /** An undo or redo changed which writes are undone: ask main again. */
  const changing = async (conversationId: string, call: () => Promise<UndoResult>) => {
    const result = await asking(call);
    if (result?.type === 'undone') await refreshUndoneCalls(conversationId);
    return result;
  };
  return {
    undoneCalls: null,
    refreshUndoneCalls,
    listDocuments: (conversationId) => asking(() => api.call('documents.list', { conversationId })),
    previewUndo: (conversationId, callId) => asking(() => api.call('documents.undoPreview', { conversationId, callId })),
    undoWrite: (conversationId, callId, confirmed) =>
      changing(conversationId, () => api.call('documents.undo', { conversationId, callId, confirmed })),
    redoWrite: (conversationId, callId, confirmed) =>
      changing(conversationId, () => api.call('documents.redo', { conversationId, callId, confirmed })),
    diffVersions: (conversationId, from, to) => asking(async () => (await api.call('documents.diff', { conversationId, from, to })).diff),
    restoreVersion: (conversationId, version) => changing(conversationId, () => api.call('documents.restore', { conversationId, version })),
  };
};

declare module '../store-types' {
  interface TacoState extends DocumentsSlice {}
}
