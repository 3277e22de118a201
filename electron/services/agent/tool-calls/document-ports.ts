import type { DocumentsPort, FileVersions } from '../../../../tools/catalogue/tool-runtime-types';
import type { DocumentIndex } from '../../documents/search/document-index';
import type { RunShared } from '../loop/run-context';

/** A tool's write: the previous content kept in the version log before the file changes, then the document's record updated. */
export function fileVersions(shared: RunShared, callId: string): FileVersions {
  const { input } = shared;
  return {
    async keep({ description, tags, ...change }) {
      const where = { conversationId: input.conversationId, workspace: input.workspace, runId: input.runId, callId };
      await input.versions?.recordChange({ ...where, kind: 'write', ...change });
      await input.documents?.noteWrite({
        conversationId: input.conversationId,
        path: change.path,
        content: change.after,
        author: { runId: input.runId, callId, tool: change.tool, task: input.userText.slice(0, 2000) },
        model: input.model,
        ...(description !== undefined ? { description } : {}),
        ...(tags !== undefined ? { tags } : {}),
      });
    },
  };
}

/** list_documents and search_documents over this conversation's records; by meaning when an embedding model is set. */
export function documentsPort(shared: RunShared, index: DocumentIndex): DocumentsPort {
  const { input } = shared;
  const embedModel = input.embeddingModel?.trim() ?? '';
  const provider = input.provider;
  const embed =
    embedModel !== '' && provider.embed
      ? (texts: string[]) => provider.embed!({ model: embedModel, input: texts, signal: shared.signal })
      : undefined;
  return {
    list: (filter) => index.list(input.conversationId, filter),
    search: (query, filter) => index.search(input.conversationId, query, filter, embed),
    async summaryOf(path) {
      const record = await index.get(input.conversationId, path);
      return record && record.summaryOf === record.contentHash ? record.autoSummary : null;
    },
  };
}
