import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { documentFilterArgs, documentView, NO_DOCUMENTS_MESSAGE } from './document-filter';

export const run: ToolRun = async (args, context) => {
  if (!context.documents) throw new ToolFailure(NO_DOCUMENTS_MESSAGE);
  const query = stringArg(args, 'query').trim();
  const filter = documentFilterArgs(args);
  if (query === '' && Object.keys(filter).length === 0) {
    throw new ToolFailure('The query is empty. Give words to look for or a filter (tag, creator, type, date), or use list_documents.');
  }
  const documents = await context.documents.search(query, filter);
  return jsonOutput({ documents: documents.map(documentView) });
};
