import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../../../shared/mcp/mcp';
import { openServer, ServerStartError } from './server-transport';

const ADDRESS = 'http://127.0.0.1:9/mcp';

interface Attempt {
  /** The methods of the requests made, in order: POST for Streamable HTTP, GET for the SSE stream. */
  methods: string[];
  message: string;
}

/**
 * Opens a URL server whose Streamable HTTP POST gets `answer` (a status, or a thrown error's
 * words) and whose SSE stream is refused: says which requests went out and the failure's words.
 */
async function attempt(answer: number | string, config: McpServerConfig = { url: ADDRESS }): Promise<Attempt> {
  const methods: string[] = [];
  const fetch: FetchLike = (_url, init) => {
    const method = init?.method ?? 'GET';
    methods.push(method);
    if (method !== 'POST') return Promise.reject(new Error('no event stream here'));
    if (typeof answer === 'string') return Promise.reject(new Error(answer));
    return Promise.resolve(new Response('refused', { status: answer }));
  };
  const error: unknown = await openServer({
    name: 'web',
    config,
    initializeTimeoutMs: 60_000,
    pathValue: '',
    onProcess: () => undefined,
    onToolsChanged: () => undefined,
    clientVersion: '0.0.0',
    hooks: { authFetch: () => fetch },
  }).then(
    () => new Error('the server opened'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServerStartError);
  return { methods, message: (error as Error).message };
}

const triedSse = (result: Attempt): boolean => result.methods.includes('GET');

describe('a URL server is tried again over SSE only when Streamable HTTP answered with a client error (4xx)', () => {
  it('every 4xx status, from 400 to 499, falls back to SSE; 399 and 500 do not', async () => {
    for (const status of [400, 404, 405, 499]) {
      const result = await attempt(status);
      expect(result.methods[0]).toBe('POST');
      expect(triedSse(result), `status ${status}`).toBe(true);
      expect(result.message).toMatch(/^http:\/\/127\.0\.0\.1:9\/mcp could not be started: SSE error: /);
    }
    for (const status of [399, 500, 503]) {
      const result = await attempt(status);
      expect(triedSse(result), `status ${status}`).toBe(false);
      expect(result.message).not.toContain('SSE error');
    }
  });

  it('an error that is not the SDK’s own falls back only when its words name a 4xx status over HTTP', async () => {
    for (const words of [
      'HTTP 404 from the proxy',
      'http 404',
      'bad status 418',
      'Error POSTing to endpoint (HTTP 405)',
      'Error POSTing to endpoint: 404',
    ]) {
      expect(triedSse(await attempt(words)), words).toBe(true);
    }
    for (const words of ['HTTP 500 from the proxy', 'HTTP 4040', 'HTTP a404', 'HTTP 40', 'code 404 from the proxy', 'socket hang up']) {
      expect(triedSse(await attempt(words)), words).toBe(false);
    }
  });

  it('a server set to SSE is reached over SSE only, never with a Streamable HTTP POST first', async () => {
    const result = await attempt(404, { url: ADDRESS, type: 'sse' });
    expect(result.methods).toEqual(['GET']);
    expect(result.message).toBe(`${ADDRESS} could not be started: SSE error: no event stream here`);
  });
});

describe('a URL server that fails with a system error code is explained by that code', () => {
  it('ENOENT, EACCES and ECONNREFUSED each have their words; another code gives the error as it is', async () => {
    const coded = async (code: string): Promise<string> => {
      const fetch: FetchLike = () => Promise.reject(Object.assign(new Error(`failed with ${code}`), { code }));
      const error: unknown = await openServer({
        name: 'web',
        config: { url: ADDRESS },
        initializeTimeoutMs: 60_000,
        pathValue: '',
        onProcess: () => undefined,
        onToolsChanged: () => undefined,
        clientVersion: '0.0.0',
        hooks: { authFetch: () => fetch },
      }).then(
        () => new Error('the server opened'),
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ServerStartError);
      return (error as Error).message;
    };
    expect(await coded('ENOENT')).toBe(
      `${ADDRESS} could not be started: the command or its working folder does not exist (ENOENT). Give the full path to the command or fix "cwd".`,
    );
    expect(await coded('EACCES')).toBe(
      `${ADDRESS} could not be started: permission denied (EACCES). Make the file executable or give another command.`,
    );
    expect(await coded('ECONNREFUSED')).toBe(`Nothing answers at ${ADDRESS} (connection refused). Start the server, or check the URL.`);
    expect(await coded('EPIPE')).toBe(`${ADDRESS} could not be started: failed with EPIPE`);
  });
});

describe('a server with neither a command nor a url', () => {
  it('is refused in words that name it', async () => {
    await expect(
      openServer({
        name: 'empty',
        config: {},
        initializeTimeoutMs: 60_000,
        pathValue: '',
        onProcess: () => undefined,
        onToolsChanged: () => undefined,
        clientVersion: '0.0.0',
      }),
    ).rejects.toThrow(new ServerStartError('Server "empty" has neither a command nor a url.'));
  });
});
