import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

/** The "tool search" pattern: the loop ranks every enabled tool and offers the matches from the next request on. */
export const run: ToolRun = async (args, context) => {
  const query = stringArg(args, 'query').trim();
  if (!query) throw new ToolFailure('The query is empty: describe the action you need a tool for, e.g. "send an email".');
  const tools = await context.findTools(query);
  if (tools.length === 0) {
    return jsonOutput({ tools: [], next: `No tool matches "${query}". Try other words, or tell the user no tool can do it.` });
  }
  return jsonOutput({
    tools,
    next: `These tools are now available to you; call the one that fits (${tools[0]?.tool ?? ''} matched best).`,
  });
};
