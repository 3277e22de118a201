import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, stringArg, stringArrayArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { documentBlocks } from '../agents/document-blocks';
import { checkDocuments } from '../agents/document-paths';

export const run: ToolRun = async (args, context) => {
  const question = stringArg(args, 'question').trim();
  if (question === '') throw new ToolFailure('The question is empty. Write the question you want the user to answer.');
  const documents = await checkDocuments(context.workspace, stringArrayArg(args, 'documents', { required: false }));
  // Documents go with the question as content (within the budget; summaries over it), so the user reads what is asked about.
  const shown =
    documents.length === 0
      ? question
      : `${question}\n\n${await documentBlocks(context.workspace, documents, DEFAULTS.documents.passedChars, context.documents?.summaryOf.bind(context.documents))}`;
  const answer = await context.askUser(shown);
  return jsonOutput({ answer });
};
