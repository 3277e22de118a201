import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chunk, reply, standardModels, type Scenario } from '../../../../test-support/fake-ollama/index';
import { createOllamaProvider } from './ollama-provider';
import { collect, providerFailure, textOf, useFakeOllama, userSays } from '../provider-test-helpers';
import type { ProviderChunk } from '../provider-types';

const start = useFakeOllama();
const signal = (): AbortSignal => new AbortController().signal;
const step = (model = 'llama3.2:3b') => ({ model, messages: userSays('hi'), signal: signal() });

function script(partial: Partial<Scenario>): Scenario {
  return { name: 'provider-errors', description: 'test', models: standardModels(), replies: [], ...partial };
}

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A port that was free a moment ago: nothing listens there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Accepts connections and never answers. */
async function silentServer(): Promise<number> {
  const server = createServer((socket) => sockets.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('ollama provider: failures become ProviderErrors with words', () => {
  it('a closed port is unreachable at once (refused, not a timeout), with what to do', async () => {
    const host = `http://127.0.0.1:${await closedPort()}`;
    const provider = createOllamaProvider({ host, maxContextTokens: 8192 });
    const listing = await providerFailure(provider.listModels());
    expect(listing.kind).toBe('unreachable');
    expect(listing.message).toBe(
      `Cannot reach Ollama at ${host}. Start it with \`ollama serve\` (or open the Ollama app), then try again.`,
    );
    expect(listing.host).toBe(host);
    expect((await providerFailure(collect(provider.streamChat(step())))).kind).toBe('unreachable');
  });

  it('a host that accepts but never answers is unreachable after the probe timeout', async () => {
    const host = `http://127.0.0.1:${await silentServer()}`;
    const provider = createOllamaProvider({ host, maxContextTokens: 8192, probeTimeoutMs: 300 });
    const error = await providerFailure(provider.capabilities('llama3.2:3b'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('did not answer within');
  });

  it('an unknown model is model-not-found, from /api/show and from /api/chat', async () => {
    const { fake, provider } = await start('model-not-found');
    const error = await providerFailure(collect(provider.streamChat(step())));
    expect(error.kind).toBe('model-not-found');
    expect(error.status).toBe(404);
    expect(error.message).toBe('The model “llama3.2:3b” is not installed. Get it with `ollama pull llama3.2:3b`.');

    fake.setScenario('basic-chat');
    await provider.capabilities('gemma:2b');
    await fetch(`${fake.url}/api/delete`, { method: 'DELETE', body: JSON.stringify({ model: 'gemma:2b' }) });
    const fromChat = await providerFailure(collect(provider.streamChat(step('gemma:2b'))));
    expect(fromChat.kind).toBe('model-not-found');
    const fromComplete = await providerFailure(provider.complete({ ...step('gemma:2b'), maxTokens: 20 }));
    expect(fromComplete.kind).toBe('model-not-found');
  });

  it('an HTTP 500 is ollama-error carrying the status and Ollama’s words', async () => {
    const { provider } = await start('http-error-500');
    const error = await providerFailure(collect(provider.streamChat(step())));
    expect(error.kind).toBe('ollama-error');
    expect(error.status).toBe(500);
    expect(error.message).toContain('llama runner process has terminated');
    expect(error.message).toContain('Try again');
    expect((await providerFailure(provider.complete({ ...step(), maxTokens: 5 }))).kind).toBe('ollama-error');
  });

  it('a mid-stream error line is ollama-error after the chunks before it', async () => {
    const { provider } = await start('mid-stream-error');
    const seen: ProviderChunk[] = [];
    const error = await providerFailure(
      (async () => {
        for await (const part of provider.streamChat(step())) seen.push(part);
      })(),
    );
    expect(textOf(seen)).toBe('Let me think about that');
    expect(error.kind).toBe('ollama-error');
    expect(error.message).toContain('Ollama reported an error while answering: an error was encountered while running the model');
  });

  it('a line that is not JSON stops the stream with its words after the chunks before it', async () => {
    // A proxy that cut in mid-stream: the chat answer is 200, then a line of HTML.
    let chatHeaders: Headers | undefined;
    const proxyFetch: typeof fetch = async (input, init) => {
      if (!String(input).endsWith('/api/chat')) return fetch(input, init);
      chatHeaders = new Headers(init?.headers);
      return new Response('{"message":{"role":"assistant","content":"Hello"},"done":false}\n<html>502 Bad Gateway</html>\n', {
        status: 200,
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
    };
    const { provider } = await start('basic-chat', { fetch: proxyFetch, headers: { Authorization: 'Bearer k' } });
    const seen: ProviderChunk[] = [];
    const error = await providerFailure(
      (async () => {
        for await (const part of provider.streamChat(step())) seen.push(part);
      })(),
    );
    expect(textOf(seen)).toBe('Hello');
    expect(error.kind).toBe('ollama-error');
    expect(error.message).toContain('not JSON: "<html>502 Bad Gateway</html>"');
    // ollama-js still builds the request (src/utils.ts fetchWithHeaders): its headers and the caller's.
    expect(chatHeaders?.get('user-agent')).toMatch(/^ollama-js\//);
    expect(chatHeaders?.get('content-type')).toBe('application/json');
    expect(chatHeaders?.get('authorization')).toBe('Bearer k');
  });

  it('a stream that ends without done is incomplete-stream, whether the body ends or the socket closes', async () => {
    const { fake, provider } = await start('truncated-stream');
    const clean = await providerFailure(collect(provider.streamChat(step())));
    expect(clean.kind).toBe('incomplete-stream');
    expect(clean.message).toBe('The reply from Ollama ended early (the stream closed without finishing). Try again.');
    fake.setScenario(script({ replies: [reply.truncated([chunk.content('partial ')], { abrupt: true })] }));
    expect((await providerFailure(collect(provider.streamChat(step())))).kind).toBe('incomplete-stream');
  });

  it('aborting a stalled stream is aborted', async () => {
    const { provider } = await start(script({ replies: [reply.stall([chunk.content('waiting ')])] }));
    const controller = new AbortController();
    const seen: ProviderChunk[] = [];
    const error = await providerFailure(
      (async () => {
        for await (const part of provider.streamChat({ ...step(), signal: controller.signal })) {
          seen.push(part);
          controller.abort();
        }
      })(),
    );
    expect(seen).toEqual([{ type: 'text', text: 'waiting ' }]);
    expect(error.kind).toBe('aborted');
  });

  it('an already aborted signal fails before any request', async () => {
    const { fake, provider } = await start('basic-chat');
    const controller = new AbortController();
    controller.abort();
    expect((await providerFailure(collect(provider.streamChat({ ...step(), signal: controller.signal })))).kind).toBe('aborted');
    expect((await providerFailure(provider.complete({ ...step(), maxTokens: 5, signal: controller.signal }))).kind).toBe('aborted');
    expect((await providerFailure(provider.listModels(controller.signal))).kind).toBe('aborted');
    expect(fake.requests).toEqual([]);
  });

  it('aborting a side call while it waits is aborted', async () => {
    const { provider } = await start(script({ sideDefault: reply.stall() }));
    await provider.capabilities('llama3.2:3b');
    const controller = new AbortController();
    const pending = provider.complete({ ...step(), maxTokens: 5, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await providerFailure(pending)).kind).toBe('aborted');
  });

  it('aborting one stream leaves a concurrent stream on the same provider unaffected', async () => {
    const words = Array.from({ length: 15 }, (_, index) => chunk.content(`w${index} `));
    const { provider } = await start(script({ whenExhausted: reply.chunks(words, { delayMs: 20 }) }));
    const first = new AbortController();
    const second = new AbortController();
    let firstText = '';
    const aborted = providerFailure(
      (async () => {
        for await (const part of provider.streamChat({ ...step(), signal: first.signal })) {
          if (part.type === 'text') firstText += part.text;
          if (firstText.length > 0) first.abort();
        }
      })(),
    );
    const finished = collect(provider.streamChat({ ...step(), signal: second.signal }));
    expect((await aborted).kind).toBe('aborted');
    expect(firstText).toBe('w0 ');
    const chunks = await finished;
    expect(textOf(chunks)).toBe(words.map((word) => (word.type === 'content' ? word.text : '')).join(''));
    expect(chunks.at(-1)?.type).toBe('done');
  });
});
