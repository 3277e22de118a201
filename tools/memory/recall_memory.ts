import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, optionalIntegerArg, stringArg } from '../catalogue/args/tool-args';
import type { ToolRun } from '../catalogue/tool-runtime-types';

const MAX_LIMIT = 50;

export const run: ToolRun = async (args, context) => {
  const query = stringArg(args, 'query');
  const limit = Math.min(MAX_LIMIT, Math.max(1, optionalIntegerArg(args, 'limit') ?? DEFAULTS.tools.recallDefaultLimit));
  const notes = await context.memory.recall(query, limit);
  return jsonOutput({ notes: notes.map((entry) => ({ id: entry.id, note: entry.note, saved_at: new Date(entry.savedAt).toISOString() })) });
};
