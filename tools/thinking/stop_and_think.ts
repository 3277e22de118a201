import { stringArg } from '../catalogue/args/tool-args';
import type { ToolRun } from '../catalogue/tool-runtime-types';

/** Logged thinking: the call itself (in the timeline) is the point; it returns at once. */
export const run: ToolRun = async (args) => {
  stringArg(args, 'thoughts');
  return { type: 'result', output: JSON.stringify({ logged: true, next: 'Thoughts noted. Continue with the step you decided on.' }) };
};
