import { jsonOutput, stringArg, stringArrayArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { DEFAULTS } from '../../shared/constants';
import { documentBlocks } from './document-blocks';
import { checkDocuments } from './document-paths';

export const run: ToolRun = async (args, context) => {
  const task = stringArg(args, 'task').trim();
  if (task === '') throw new ToolFailure('The task is empty. Describe what the helper agent should do.');
  const documents = await checkDocuments(context.workspace, stringArrayArg(args, 'documents', { required: false }));
  const handoff = await context.delegate(task, documents);
  const output = jsonOutput({ result: handoff.result, documents: handoff.documents });
  if (handoff.documents.length === 0) return output;
  // The helper's documents reach the parent's next request as content, not just names.
  const room = DEFAULTS.documents.passedChars;
  const blocks = await documentBlocks(context.workspace, handoff.documents, room, context.documents?.summaryOf.bind(context.documents));
  return { type: 'result', output: `${output.output}\n\nThe helper's documents:\n${blocks}` };
};
