import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBubblewrap } from '../../../sandbox/testing/require-bubblewrap';
import { openServer, ServerStartError, type OpenedServer, type OpenOptions } from './server-transport';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.join(here, '../../../../test-support/mcp/environment-server.mjs');
const SILENT = path.join(here, '../../../../test-support/mcp/silent-server.mjs');
const START_TIMEOUT_MS = 120_000;
const SANDBOX = { write: [] as string[], network: false };

const opened: OpenedServer[] = [];

beforeAll(() => requireBubblewrap());

afterEach(async () => {
  for (const server of opened.splice(0)) await server.client.close();
});

function options(config: OpenOptions['config'], initializeTimeoutMs = START_TIMEOUT_MS): OpenOptions {
  return {
    name: 'boxed',
    config,
    initializeTimeoutMs,
    pathValue: path.dirname(process.execPath),
    onProcess: () => undefined,
    onToolsChanged: () => undefined,
    clientVersion: '0.0.0',
  };
}

describe('a command server with a sandbox entry (bubblewrap)', { timeout: START_TIMEOUT_MS }, () => {
  it('starts through the sandbox with its own arguments', async () => {
    const server = await openServer(options({ command: 'node', args: [SERVER, 'boxed in'], sandbox: SANDBOX }));
    opened.push(server);
    const started = JSON.parse(server.client.getInstructions() ?? '{}') as { argv: string[] };
    expect(started.argv).toEqual(['boxed in']);
    expect(server.via).toBe('stdio');
  });

  it('a failure says it ran in the sandbox, and what the sandbox may have refused', async () => {
    const error: unknown = await openServer(options({ command: 'node', args: [SILENT], sandbox: SANDBOX }, 1)).then(
      (server) => {
        opened.push(server);
        return new Error('the server opened');
      },
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ServerStartError);
    expect((error as Error).message).toMatch(
      /^The server did not answer "initialize" within 0 s \(`node`\)\. Check that it is an MCP server speaking stdio, then restart it\. It ran in the sandbox \(.+\): a "read-only file system", "no such file" or refused connection in its output is the sandbox at work; allow that folder or the network in Settings → MCP servers if the server needs it\.$/,
    );
  });
});
