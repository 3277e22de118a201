import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedServer } from '../servers/resolved-server';
import { streamOllamaChatOverNodeHttp } from './ollama-stream-over-node-http';

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server answering every /api/chat with `body` (NDJSON), counting connections. */
async function ollamaAnswering(body: string): Promise<{ server: ResolvedServer; connections: () => number }> {
  let connections = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      response.end(body);
    });
  });
  server.on('connection', () => (connections += 1));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const resolved: ResolvedServer = {
    id: 'local',
    name: 'Local',
    kind: 'ollama',
    baseUrl: `http://127.0.0.1:${port}`,
    headers: {},
    connectTimeoutMs: 1000,
    toolSupport: {},
  };
  return { server: resolved, connections: () => connections };
}

async function partsOf(server: ResolvedServer): Promise<unknown[]> {
  const parts = await streamOllamaChatOverNodeHttp(server, { model: 'm', messages: [] }, new AbortController().signal);
  if (parts === null) throw new Error('handed back');
  const seen: unknown[] = [];
  for await (const part of parts) seen.push(part);
  return seen;
}

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

describe('the gateway’s streamed Ollama chat over node:http', () => {
  it('yields the parts as ollama-js would: a line that is not JSON skipped, the stream ended by done', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { server } = await ollamaAnswering(
      `${line({ message: { content: 'Hel' }, done: false })}not json\n${line({ message: { content: 'lo' }, done: false })}${line({ done: true })}`,
    );
    expect(await partsOf(server)).toEqual([
      { message: { content: 'Hel' }, done: false },
      { message: { content: 'lo' }, done: false },
      { done: true },
    ]);
    expect(warn).toHaveBeenCalledWith('invalid json: ', 'not json');
  });

  it('throws the server’s words for an error line and when the stream ends without done', async () => {
    const failing = await ollamaAnswering(`${line({ message: { content: 'Hi' }, done: false })}${line({ error: 'model runner stopped' })}`);
    await expect(partsOf(failing.server)).rejects.toThrow('model runner stopped');
    const cut = await ollamaAnswering(line({ message: { content: 'Hi' }, done: false }));
    await expect(partsOf(cut.server)).rejects.toThrow('Did not receive done or success response in stream.');
  });

  it('sends without fetch and keeps the connection for the next request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { server, connections } = await ollamaAnswering(line({ message: { content: 'Hi' }, done: true }));
    await partsOf(server);
    await partsOf(server);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(connections()).toBe(1);
  });
});
