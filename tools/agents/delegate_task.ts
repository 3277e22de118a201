import { jsonOutput, stringArg, stringArrayArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { checkDocuments } from './document-paths';

export const run: ToolRun = async (args, context) => {
  const task = stringArg(args, 'task').trim();
  if (task === '') throw new ToolFailure('The task is empty. Describe what the helper agent should do.');
  const documents = await checkDocuments(context.workspace, stringArrayArg(args, 'documents', { required: false }));
  const handoff = await context.delegate(task, documents);
  return jsonOutput({ result: handoff.result, documents: handoff.documents });
};
