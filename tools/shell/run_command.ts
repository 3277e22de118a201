import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { describeDuration } from '../catalogue/describe-duration';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { workspaceRoot } from '../files/workspace-path';
import { runShellCommand, type CommandLimits } from './command-runner';

/** run_command with its limits; tests build one with short limits. */
export function createRunCommand(limits: CommandLimits): ToolRun {
  return async (args, context) => {
    const command = stringArg(args, 'command');
    if (command.trim() === '') throw new ToolFailure('The command is empty. Give the command line to run, e.g. "ls -la".');
    const cwd = await workspaceRoot(context.workspace);
    const result = await runShellCommand(command, { ...limits, cwd, signal: context.signal });
    return jsonOutput({
      exit_code: result.exitCode,
      stdout: result.stdout,
      stderr: result.timedOut
        ? `${result.stderr}${result.stderr === '' ? '' : '\n'}Stopped after ${describeDuration(limits.timeoutMs)} without finishing.`
        : result.stderr,
      timed_out: result.timedOut,
      truncated: result.truncated,
    });
  };
}

export const run: ToolRun = createRunCommand({
  timeoutMs: DEFAULTS.tools.commandTimeoutMs,
  maxOutputChars: DEFAULTS.tools.commandMaxOutputChars,
});
