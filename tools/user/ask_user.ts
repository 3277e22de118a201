import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

export const run: ToolRun = async (args, context) => {
  const question = stringArg(args, 'question').trim();
  if (question === '') throw new ToolFailure('The question is empty. Write the question you want the user to answer.');
  const answer = await context.askUser(question);
  return jsonOutput({ answer });
};
