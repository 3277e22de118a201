import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

/**
 * Progressive disclosure: the prompt lists skills by name and description only; this hands the
 * model one skill's instructions when the task needs them. Its scripts are named, never run here.
 */
export const run: ToolRun = async (args, context) => {
  const name = stringArg(args, 'name').trim();
  if (!context.skills) throw new ToolFailure('No skills are available in this conversation.');
  const loaded = await context.skills.load(name);
  if (loaded === null) {
    const known = context.skills.names();
    throw new ToolFailure(
      known.length > 0
        ? `There is no skill named "${name}". The skills are: ${known.join(', ')}.`
        : `There is no skill named "${name}", and no skills are installed.`,
    );
  }
  if ('refused' in loaded) throw new ToolFailure(`The skill "${name}" can no longer be used: ${loaded.refused}`);
  return jsonOutput({
    skill: loaded.name,
    instructions: loaded.instructions,
    files: loaded.files,
    scripts: loaded.scripts,
    next:
      loaded.scripts.length > 0
        ? `Follow these instructions. The skill's files are in ${loaded.folder}; to run one of its scripts, call run_command with it (the user approves each command).`
        : 'Follow these instructions to do the task.',
  });
};
