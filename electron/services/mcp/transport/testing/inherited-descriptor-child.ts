import { ProcessGroupTransport } from '../process-group-transport';
import { createCommandSandbox } from '../../../../sandbox/command-sandbox';
import { runShellCommand } from '../../../../../tools/shell/command-runner';

/**
 * Stands in for TACO started with a socket at descriptor `fd` (open, without close-on-exec, as a
 * launcher may leave one): runs `line` as run_command does (`command`: in this system's sandbox,
 * HOME and data folder from the arguments) or starts it as an MCP server's process (`server`),
 * and prints what the child printed (the server's stderr) on stdout.
 * Arguments: mode, line, workspace, home, data folder.
 */
const [mode, line, workspace, home, data] = process.argv.slice(2) as [string, string, string, string, string];

if (mode === 'command') {
  const sandbox = createCommandSandbox(undefined, () => ({ home, dataFolders: [data], searchPath: process.env['PATH'] }));
  const invocation = await sandbox.invocation(line, { workspace, hosts: [], scratch: false });
  if (!invocation.sandboxed) throw new Error(`No sandbox: ${invocation.reason}`);
  try {
    const result = await runShellCommand(line, {
      cwd: workspace,
      timeoutMs: 60_000,
      maxOutputChars: 100_000,
      signal: new AbortController().signal,
      invocation: { file: invocation.file, args: invocation.args },
    });
    process.stdout.write(result.stdout + result.stderr);
  } finally {
    await invocation.close();
  }
} else {
  const transport = new ProcessGroupTransport({
    file: '/bin/sh',
    args: ['-c', `(${line}) >&2`],
    env: { PATH: process.env['PATH'] ?? '' },
    cwd: workspace,
  });
  const ended = new Promise<void>((resolve) => (transport.onclose = resolve));
  await transport.start();
  await ended;
  process.stdout.write(transport.stderr.lines().join('\n'));
}
