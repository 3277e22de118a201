import { stringArg, stringArrayArg } from '../catalogue/args/tool-args';
import type { ToolRun } from '../catalogue/tool-runtime-types';
import { checkDocuments } from './document-paths';

export const run: ToolRun = async (args, context) => {
  const result = stringArg(args, 'result');
  const documents = await checkDocuments(context.workspace, stringArrayArg(args, 'documents', { required: false }));
  return { type: 'handoff', payload: { result, documents } };
};
