import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createOllamaProvider } from '../../electron/services/provider/ollama/ollama-provider';
import { ProviderError, type ChatProvider } from '../../electron/services/provider/provider-types';

/*
 * What the tests of the provider's node:http paths (the streamed step, the side request) share:
 * a plain server that records each chat request, the provider with or without an injected fetch
 * (through ollama-js, or straight over node:http), its outcome as the user reads it, and the
 * checks that both ways read a server's answers alike.
 */

/** Servers to close after each test (a test may push its own, such as a fake Ollama). */
export const servers: Array<{ close(): unknown }> = [];

export function closeServersAfterEach(): void {
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
}

/** Through ollama-js over Node's fetch: an injected fetch. */
export const viaFetch: typeof fetch = (input, init) => fetch(input, init);

export interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: Record<string, string | undefined>;
  body: string;
}

export type ChatAnswer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A plain server: /api/show answers `show`; /api/chat goes to `chat`. Records each chat request and counts connections. */
export async function serve(show: string, chat: ChatAnswer) {
  let connections = 0;
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/api/show') return void response.writeHead(200, { 'content-type': 'application/json' }).end(show);
      const { 'content-type': type, accept, 'user-agent': agent, authorization } = request.headers;
      seen.push({ method: request.method, url: request.url, headers: { type, accept, agent, authorization }, body });
      chat(request, response, body);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => server.closeAllConnections() ?? server.close(resolve)) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, connections: () => connections };
}

/** What `use` gets from the provider at `host` (through fetch when `transport` is given), or its failure as the user reads it. */
export async function outcomeOf(
  host: string,
  transport: typeof fetch | undefined,
  use: (provider: ChatProvider) => Promise<unknown>,
  headers?: Record<string, string>,
): Promise<unknown> {
  const provider = createOllamaProvider({
    host,
    maxContextTokens: 8192,
    ...(transport ? { fetch: transport } : {}),
    ...(headers ? { headers } : {}),
  });
  try {
    return await use(provider);
  } catch (error) {
    return error instanceof ProviderError ? { kind: error.kind, message: error.message, status: error.status } : String(error);
  }
}

/**
 * The checks both paths share: each of `answers` reads the same straight over node:http as
 * through fetch, and so does a server that is not there (unreachable).
 */
export function itReadsAlike(
  show: string,
  answers: Array<[string, (response: ServerResponse) => void]>,
  use: (provider: ChatProvider) => Promise<unknown>,
): void {
  it.each(answers)('%s', async (_name, answer) => {
    const { url } = await serve(show, (_request, response) => answer(response));
    const direct = await outcomeOf(url, undefined, use);
    expect(direct).toEqual(await outcomeOf(url, viaFetch, use));
  });

  it('a server that is not there', async () => {
    const { url } = await serve(show, () => undefined);
    await Promise.all(servers.splice(0).map((server) => server.close()));
    const direct = await outcomeOf(url, undefined, use);
    expect(direct).toEqual(await outcomeOf(url, viaFetch, use));
    expect(direct).toMatchObject({ kind: 'unreachable' });
  });
}
