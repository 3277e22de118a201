import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import { openServer, ServerStartError } from './server-transport';

const SECRET = 'sekrit-query-token';
const KEYED_URL = `http://127.0.0.1:9/mcp?api_key=${SECRET}&x=1#frag-${SECRET}`;
const ADDRESS = 'http://127.0.0.1:9/mcp';

/** Opens a URL server whose every request goes to `fetch` instead of the network; resolves with the failure's words. */
async function failure(config: McpServerConfig, fetch: FetchLike, initializeTimeoutMs = 60_000): Promise<string> {
  const opened = openServer({
    name: 'keyed',
    config,
    initializeTimeoutMs,
    pathValue: '',
    onProcess: () => undefined,
    onToolsChanged: () => undefined,
    clientVersion: '0.0.0',
    hooks: { authFetch: () => fetch },
  });
  const error: unknown = await opened.then(
    () => new Error('the server opened'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServerStartError);
  return (error as Error).message;
}

/** A fetch that fails the way a network library does: its message quotes the whole address it was given. */
const quotingFetch: FetchLike = (url) => Promise.reject(new Error(`request to ${String(url)} failed, reason: socket hang up`));

function expectScrubbed(message: string): void {
  expect(message).toContain(ADDRESS);
  expect(message).not.toContain(SECRET);
  expect(message).not.toContain('api_key');
  expect(message).not.toContain('#frag');
}

describe('a URL server that cannot be reached is named without its query or fragment', () => {
  it('a failure whose own words quote the address (Streamable HTTP, and SSE) says the address without the token', async () => {
    for (const config of [{ url: KEYED_URL }, { url: KEYED_URL, type: 'sse' as const }]) {
      const message = await failure(config, quotingFetch);
      expectScrubbed(message);
      expect(message).toMatch(
        /^http:\/\/127\.0\.0\.1:9\/mcp could not be started: (SSE error: )?request to http:\/\/127\.0\.0\.1:9\/mcp failed, reason: socket hang up$/,
      );
    }
  });

  it('connection refused names the address only', async () => {
    const refused: FetchLike = () =>
      Promise.reject(Object.assign(new Error(`connect ECONNREFUSED ${KEYED_URL}`), { code: 'ECONNREFUSED' }));
    const message = await failure({ url: KEYED_URL }, refused);
    expect(message).toBe(`Nothing answers at ${ADDRESS} (connection refused). Start the server, or check the URL.`);
  });

  it('a server that never answers "initialize" is named without the token', async () => {
    const silent: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    const message = await failure({ url: KEYED_URL }, silent, 1);
    expectScrubbed(message);
    expect(message).toMatch(/^The server did not answer "initialize" within 0 s \(http:\/\/127\.0\.0\.1:9\/mcp\)\. .*speaking HTTP/);
  });
});
