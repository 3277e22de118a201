import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

export const run: ToolRun = async (args, context) => {
  const note = stringArg(args, 'note').trim();
  if (note === '') throw new ToolFailure('The note is empty. Give the fact to remember.');
  if (note.length > DEFAULTS.memory.maxNoteChars)
    throw new ToolFailure(
      `The note is ${note.length} characters; a note holds at most ${DEFAULTS.memory.maxNoteChars}. Save one short fact.`,
    );
  const saved = await context.memory.save(note);
  return jsonOutput({ id: saved.id, saved_at: new Date(saved.savedAt).toISOString() });
};
