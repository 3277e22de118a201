import { DEFAULTS } from '../../shared/constants';
import { describeLocation } from '../../shared/knowledge/knowledge';
import { jsonOutput, optionalIntegerArg, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

export const NO_KNOWLEDGE_MESSAGE =
  'No knowledge folders are added. The user can add folders in Settings → Knowledge (or run the command line with --knowledge FOLDER); until then answer without them.';

export const run: ToolRun = async (args, context) => {
  if (!context.knowledge) throw new ToolFailure(NO_KNOWLEDGE_MESSAGE);
  const query = stringArg(args, 'query').trim();
  if (query === '') throw new ToolFailure('The query is empty. Say what to look for.');
  const wanted = optionalIntegerArg(args, 'max_results') ?? DEFAULTS.knowledge.defaultResults;
  const limit = Math.min(DEFAULTS.knowledge.maxResults, Math.max(1, wanted));
  const found = await context.knowledge.search(query, limit);
  return jsonOutput({
    passages: found.passages.map((passage) => ({
      n: passage.n,
      file: passage.file,
      location: describeLocation(passage.location),
      heading: passage.heading,
      text: cut(passage.text, DEFAULTS.knowledge.passageChars),
    })),
    ...(found.note ? { note: found.note } : {}),
  });
};

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}
