import { DEFAULTS } from '../../shared/constants';
import type { JsonObject } from '../../shared/contract/json';
import { jsonOutput, stringArg, stringArrayArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

/**
 * The flow: the tool waiting for values stays on the stack while this one asks the user for
 * each missing parameter in turn, then hands the values back.
 */
export const run: ToolRun = async (args, context) => {
  const tool = stringArg(args, 'tool').trim();
  if (tool === '') throw new ToolFailure('Say which tool the parameters are for, e.g. "write_file".');
  const requests = parseRequests(stringArrayArg(args, 'parameters', { required: true }));
  if (requests.length === 0) throw new ToolFailure('List at least one parameter to ask for, e.g. ["path"].');
  if (requests.length > DEFAULTS.tools.collectMaxParameters) {
    throw new ToolFailure(`Ask for at most ${DEFAULTS.tools.collectMaxParameters} parameters at once; ${requests.length} were listed.`);
  }
  const values: JsonObject = {};
  for (const request of requests) {
    if (context.signal.aborted) throw new ToolFailure('Collecting parameters was stopped because the run was cancelled.');
    values[request.name] = await context.askUser(request.question ?? `${tool} needs "${request.name}". What should it be?`);
  }
  return jsonOutput({ tool, values });
};

function parseRequests(items: string[]): Array<{ name: string; question: string | null }> {
  const seen = new Set<string>();
  const requests: Array<{ name: string; question: string | null }> = [];
  for (const item of items) {
    const colon = item.indexOf(':');
    const name = (colon === -1 ? item : item.slice(0, colon)).trim();
    const question = colon === -1 ? '' : item.slice(colon + 1).trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    requests.push({ name, question: question === '' ? null : question });
  }
  return requests;
}
