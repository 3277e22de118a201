// Starts server-everything as a child, like `npx` does, and writes both PIDs to PID_FILE.
// Stopping only this process would leave the child behind: TACO must end the whole group.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [serverScript] = process.argv.slice(2);
const child = spawn('node', [serverScript, 'stdio'], { stdio: 'inherit' });
child.on('spawn', () => {
  if (process.env.PID_FILE) writeFileSync(process.env.PID_FILE, JSON.stringify({ wrapper: process.pid, server: child.pid }));
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// A wrapper that ignores SIGTERM, as some do: only SIGKILL to the group ends it.
process.on('SIGTERM', () => undefined);
