import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import { describeDuration } from '../catalogue/describe-duration';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { workspaceRoot } from '../files/guards/workspace-path';
import { runShellCommand, type CommandLimits } from './command-runner';
import { commandHosts } from './command-network';

/** run_command with its limits; tests build one with short limits. */
export function createRunCommand(limits: CommandLimits): ToolRun {
  return async (args, context) => {
    const command = stringArg(args, 'command');
    if (command.trim() === '') throw new ToolFailure('The command is empty. Give the command line to run, e.g. "ls -la".');
    const cwd = await workspaceRoot(context.workspace);
    const parsed = commandHosts(args);
    if (!parsed.ok) throw new ToolFailure(`Not run: ${parsed.message}`);
    const hosts = parsed.hosts;
    // Main's OS sandbox: the workspace writable, secrets hidden, no network but the hosts approved for this call.
    const scratch = context.scratchRun === true;
    const sandbox = context.commandSandbox;
    const invocation = await sandbox?.invocation(command, { workspace: cwd, hosts, scratch });
    // A call that was not asked about runs only inside the sandbox, never with the user's full rights.
    if (scratch && invocation?.sandboxed !== true) {
      throw new ToolFailure('Not run: this command was not approved and no sandbox is available to run it in.');
    }
    const result = await runShellCommand(command, {
      ...limits,
      cwd,
      signal: context.signal,
      ...(invocation?.sandboxed ? { invocation: { file: invocation.file, args: invocation.args } } : {}),
    }).finally(() => (invocation?.sandboxed ? invocation.close() : undefined));
    return jsonOutput({
      exit_code: result.exitCode,
      stdout: result.stdout,
      stderr: result.timedOut
        ? `${result.stderr}${result.stderr === '' ? '' : '\n'}Stopped after ${describeDuration(limits.timeoutMs)} without finishing.`
        : result.stderr,
      timed_out: result.timedOut,
      truncated: result.truncated,
      ...(sandbox ? { sandbox: sandboxText(sandbox.describe({ workspace: cwd, hosts, scratch }).text, scratch) } : {}),
    });
  };
}

/** A scratch run says how to get the workspace writable: ask the user, through write_workspace. */
function sandboxText(text: string, scratch: boolean): string {
  if (!scratch) return text;
  return `${text}. It ran without asking, so the workspace was read-only: if it had to change files there, call run_command again with write_workspace: true (the user is asked).`;
}

export const run: ToolRun = createRunCommand({
  timeoutMs: DEFAULTS.tools.commandTimeoutMs,
  maxOutputChars: DEFAULTS.tools.commandMaxOutputChars,
});
