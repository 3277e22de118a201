import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { chunk, reply, standardModels, startFakeOllama, type FakeOllama, type Scenario } from '../../../test-support/fake-ollama/index';
import { collect, userSays } from './provider-test-helpers';
import { nodeHttpFetch } from './node-http-fetch';
import { createOllamaProvider } from './ollama/ollama-provider';
import { ProviderError, type ChatStepRequest } from './provider-types';

const servers: Array<{ close(): unknown }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const viaFetch: typeof fetch = (input, init) => fetch(input, init);

/** A plain HTTP server for what the fake Ollama does not do; counts the connections it accepted. */
async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const server: Server = createServer(handler);
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => server.closeAllConnections() ?? server.close(resolve)) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

async function fakeOllama(scenario: Scenario): Promise<FakeOllama> {
  const fake = await startFakeOllama({ scenario });
  servers.push(fake);
  return fake;
}

const script = (replies: Scenario['replies']): Scenario => ({ name: 'transport', description: 'test', models: standardModels(), replies });
const step = (): ChatStepRequest => ({ model: 'llama3.2:3b', messages: userSays('hi'), signal: new AbortController().signal });

/** What the provider's streamed step gives through this fetch: its chunks, or its failure in the user's words. */
async function streamedThrough(host: string, transport: typeof fetch): Promise<unknown> {
  const provider = createOllamaProvider({ host, maxContextTokens: 8192, fetch: transport });
  try {
    return await collect(provider.streamChat(step()));
  } catch (error) {
    return error instanceof ProviderError ? { kind: error.kind, message: error.message, status: error.status } : String(error);
  }
}

describe('nodeHttpFetch: the streamed step reads the same over node:http as over fetch', () => {
  const cases: Array<[string, Scenario['replies']]> = [
    ['a tool call, then done', [reply.toolCall('read_file', { path: 'a.txt' }, { text: 'Reading ' })]],
    ['an answer streamed in pieces', [reply.text('One two three four five.')]],
    ['an {"error"} line mid-stream', [reply.midStreamError('model runner crashed', [chunk.content('partial ')])]],
    ['a body that ends without done', [reply.truncated([chunk.content('partial ')])]],
    ['a socket closed mid-body', [reply.truncated([chunk.content('partial ')], { abrupt: true })]],
    ['an HTTP error before any chunk', [reply.httpError(500, 'llama runner process has terminated')]],
  ];
  it.each(cases)('%s', async (_name, replies) => {
    const fake = await fakeOllama(script([...replies, ...replies]));
    const overFetch = await streamedThrough(fake.url, viaFetch);
    const overNodeHttp = await streamedThrough(fake.url, nodeHttpFetch(viaFetch));
    expect(overNodeHttp).toEqual(overFetch);
  });

  it('a server that is not there', async () => {
    const { url } = await serve(() => undefined);
    await Promise.all(servers.splice(0).map((server) => server.close()));
    const overNodeHttp = await streamedThrough(url, nodeHttpFetch(viaFetch));
    expect(overNodeHttp).toEqual(await streamedThrough(url, viaFetch));
    expect(overNodeHttp).toMatchObject({ kind: 'unreachable' });
  });
});

describe('nodeHttpFetch: the transport', () => {
  it('sends method, headers and body; hands back status, headers (repeated ones too) and the body as it arrives', async () => {
    const seen: Array<{ method?: string; type?: string; length?: string; body: string }> = [];
    const { url } = await serve((request, response) => {
      let body = '';
      request.on('data', (part: Buffer) => (body += part.toString('utf8')));
      request.on('end', () => {
        seen.push({ method: request.method, type: request.headers['content-type'], length: request.headers['content-length'], body });
        response.writeHead(201, 'Made', [
          ['content-type', 'application/x-ndjson'],
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
        ]);
        response.write('{"n":1}\n');
        setImmediate(() => response.end('{"n":2}\n'));
      });
    });

    const response = await nodeHttpFetch(viaFetch)(`${url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"ü":1}',
    });

    expect(seen).toEqual([{ method: 'POST', type: 'application/json', length: '8', body: '{"ü":1}' }]);
    expect([response.status, response.statusText, response.headers.get('set-cookie')]).toEqual([201, 'Made', 'a=1, b=2']);
    expect(await response.text()).toBe('{"n":1}\n{"n":2}\n');
  });

  it('keeps the connection for the next request', async () => {
    const { url, connections } = await serve((_request, response) => response.end('ok'));
    const transport = nodeHttpFetch(viaFetch);
    for (let index = 0; index < 3; index += 1) expect(await (await transport(`${url}/x`, { method: 'POST', body: 'x' })).text()).toBe('ok');
    expect(connections()).toBe(1);
  });

  it('undoes a Content-Encoding as fetch does', async () => {
    const { url } = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end(gzipSync('{"done":true}\n'));
    });
    expect(await (await nodeHttpFetch(viaFetch)(`${url}/x`)).text()).toBe('{"done":true}\n');
  });

  it('leaves a redirect to fetch, and hands it back as it is when asked to (redirect: manual)', async () => {
    const { url } = await serve((request, response) => {
      if (request.url === '/old') response.writeHead(307, { location: '/new' }).end();
      else response.end(`at ${request.url ?? ''}`);
    });
    const fallbackCalls: string[] = [];
    const transport = nodeHttpFetch((input, init) => {
      fallbackCalls.push(String(input));
      return fetch(input, init);
    });
    expect(await (await transport(`${url}/old`, { method: 'POST', body: 'x' })).text()).toBe('at /new');
    expect(fallbackCalls).toEqual([`${url}/old`]);
    expect((await transport(`${url}/old`, { method: 'POST', body: 'x', redirect: 'manual' })).status).toBe(307);
  });

  it('an abort before the answer rejects with the abort; one mid-body ends the body with it', async () => {
    let answer: ServerResponse | null = null;
    const { url } = await serve((_request, response) => {
      answer = response;
      response.writeHead(200);
      response.write('first\n');
    });
    const transport = nodeHttpFetch(viaFetch);

    const before = new AbortController();
    before.abort();
    await expect(transport(`${url}/x`, { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const response = await transport(`${url}/x`, { signal: during.signal });
    const reader = response.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('first\n');
    during.abort();
    await expect(reader?.read()).rejects.toMatchObject({ name: 'AbortError' });
    expect(answer).not.toBeNull();
  });
});
