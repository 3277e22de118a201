import { DEFAULTS } from '../../shared/constants';
import { jsonOutput } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { documentFilterArgs, documentView, NO_DOCUMENTS_MESSAGE } from './document-filter';

export const run: ToolRun = async (args, context) => {
  if (!context.documents) throw new ToolFailure(NO_DOCUMENTS_MESSAGE);
  const documents = await context.documents.list(documentFilterArgs(args));
  return jsonOutput({ documents: documents.slice(0, DEFAULTS.documents.maxListed).map(documentView) });
};
