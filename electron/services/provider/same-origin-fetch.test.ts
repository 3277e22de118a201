import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { openServer } from '../mcp/transport/server-transport';
import { testServerConnection } from '../servers/test-connection';
import { createOllamaProvider } from './ollama/ollama-provider';
import { createOpenAiClient } from './openai-compatible/openai-client';
import { CrossOriginRedirectError, sameOriginFetch } from './same-origin-fetch';

const cleanups = cleanupAfterEach();
const SECRET = 'x-api-key-SECRET-123';

/** A server on 127.0.0.1 that records the headers it received and answers with `answer`. */
async function listen(answer: (url: string, respond: (status: number, headers: Record<string, string>, body?: string) => void) => void) {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    answer(request.url ?? '/', (status, headers, body = '') => {
      response.writeHead(status, headers);
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** B is another origin (another port); A redirects every request to the same path on B. */
async function redirectingPair() {
  const other = await listen((_url, respond) =>
    respond(200, { 'content-type': 'application/json' }, '{"models":[],"data":[],"version":"0"}'),
  );
  const first = await listen((url, respond) => respond(307, { location: `${other.url}${url}` }));
  return { first, other };
}

describe('secret headers never follow a redirect to another origin', () => {
  it('sameOriginFetch refuses a cross-origin redirect and follows a same-origin one', async () => {
    const { first, other } = await redirectingPair();
    await expect(sameOriginFetch()(`${first.url}/api/tags`, { headers: { 'x-api-key': SECRET } })).rejects.toBeInstanceOf(
      CrossOriginRedirectError,
    );
    expect(other.seen).toEqual([]);
    const self = await listen((url, respond) => (url === '/start' ? respond(302, { location: '/end' }) : respond(200, {}, 'ok')));
    const answer = await sameOriginFetch()(`${self.url}/start`, { headers: { 'x-api-key': SECRET } });
    expect(await answer.text()).toBe('ok');
    expect(self.seen.map((headers) => headers['x-api-key'])).toEqual([SECRET, SECRET]);
  });

  it('an Ollama server with headers, an OpenAI-compatible server, Test connection and an MCP HTTP server send nothing to the other origin', async () => {
    const { first, other } = await redirectingPair();
    const headers = { 'x-api-key': SECRET };
    await createOllamaProvider({ host: first.url, maxContextTokens: 2048, headers })
      .listModels(AbortSignal.timeout(10_000))
      .catch(() => undefined);
    await createOpenAiClient({ baseUrl: `${first.url}/v1`, headers })
      .models.list()
      .catch(() => undefined);
    const tested = await testServerConnection({
      kind: 'ollama',
      baseUrl: first.url,
      headers,
      allowInsecure: true,
      connectTimeoutMs: 10_000,
    });
    expect(tested.type).toBe('error');
    await openServer({
      name: 'remote',
      config: { url: `${first.url}/mcp`, headers, enabled: true },
      clientVersion: '0',
      initializeTimeoutMs: 10_000,
      pathValue: '',
      onProcess: () => undefined,
      onToolsChanged: () => undefined,
    }).catch(() => undefined);
    expect(first.seen.length).toBeGreaterThanOrEqual(4);
    expect(other.seen.filter((received) => JSON.stringify(received).includes(SECRET))).toEqual([]);
  });
});
