import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerConfig } from '../../shared/mcp/mcp';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

function binOf(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin;
  return path.join(path.dirname(manifest), Object.values(bin)[0] ?? 'dist/index.js');
}

/** The real, unmodified servers from node_modules (devDependencies), started with `node` from PATH. */
export const EVERYTHING_SCRIPT = binOf('@modelcontextprotocol/server-everything');
export const FILESYSTEM_SCRIPT = binOf('@modelcontextprotocol/server-filesystem');

export function everythingServer(extra: Partial<McpServerConfig> = {}): McpServerConfig {
  return { command: 'node', args: [EVERYTHING_SCRIPT, 'stdio'], ...extra };
}

export function filesystemServer(folder: string, extra: Partial<McpServerConfig> = {}): McpServerConfig {
  return { command: 'node', args: [FILESYSTEM_SCRIPT, folder], ...extra };
}

/** server-everything behind a wrapper process (as npx starts it); both PIDs land in `pidFile`. */
export function wrappedEverythingServer(pidFile: string, extra: Partial<McpServerConfig> = {}): McpServerConfig {
  return { command: 'node', args: [path.join(here, 'group-wrapper.mjs'), EVERYTHING_SCRIPT], env: { PID_FILE: pidFile }, ...extra };
}

/** Reads stdin, never answers `initialize`. */
export function silentServer(extra: Partial<McpServerConfig> = {}): McpServerConfig {
  return { command: 'node', args: [path.join(here, 'silent-server.mjs')], ...extra };
}

/** Whether a process exists (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Tests that start real servers (each start is a node process; a test may start three) get this
 * long instead of the project's 20 s: the machine they run on is shared and loaded. They wait for
 * events, so a passing test never takes near this long.
 */
export const MCP_TEST_TIMEOUT_MS = 120_000;
