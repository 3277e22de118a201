import { jsonOutput, stringArrayArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

/** A logged plan: returns at once with the first step to do. */
export const run: ToolRun = async (args) => {
  const steps = stringArrayArg(args, 'steps', { required: true })
    .map((step) => step.trim())
    .filter((step) => step !== '');
  if (steps.length === 0)
    throw new ToolFailure('The plan has no steps. Give a list of short steps, e.g. ["Read config.json", "Fix the port"].');
  return jsonOutput({ logged: true, step_count: steps.length, next: steps[0] ?? '' });
};
