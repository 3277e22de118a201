import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

export const run: ToolRun = async (args, context) => {
  const note = stringArg(args, 'note').trim();
  if (note === '') throw new ToolFailure('The note is empty. Give the fact to remember.');
  const saved = await context.memory.save(note);
  return jsonOutput({ id: saved.id, saved_at: new Date(saved.savedAt).toISOString() });
};
