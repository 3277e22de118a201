import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Ollama } from 'ollama';
import { harmonyCallOnDoneLine, parallelToolCalls } from '../../../test-support/replays/ollama-replays';
import { serveReplay, type Replay } from '../../../test-support/replays/replay-types';
import type { ResolvedServer } from '../servers/resolved-server';
import { streamOllamaChatOverNodeHttp } from './ollama-stream-over-node-http';

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server answering every /api/chat with `body` (NDJSON), counting connections. */
async function ollamaAnswering(body: string | Replay): Promise<{ server: ResolvedServer; connections: () => number }> {
  let connections = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (typeof body !== 'string') return serveReplay(response, body);
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

  // Real Ollama's bytes (test-support/replays/ollama-replays.ts names the source of each).
  it.each([
    ['two tool calls on a line before done', parallelToolCalls],
    ['gpt-oss’s call on the done line itself', harmonyCallOnDoneLine],
  ])('reads real Ollama’s %s to the same parts as ollama-js', async (_name, replay) => {
    const { server } = await ollamaAnswering(replay);
    const theirs: unknown[] = [];
    for await (const part of await new Ollama({ host: server.baseUrl }).chat({ model: 'm', messages: [], stream: true })) theirs.push(part);
    expect(theirs.length).toBeGreaterThan(0);
    expect(await partsOf(server)).toEqual(theirs);
  });
});
