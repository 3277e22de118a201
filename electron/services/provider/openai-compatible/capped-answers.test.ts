import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { createOpenAiCompatibleProvider } from './openai-provider';
import { readLlamaCppProps } from './llama-cpp/llama-cpp-props';
import { cappedAnswerFetch } from './capped-answers';

/*
 * A server whose answers never end (a broken or hostile model server): every answer TACO reads
 * whole into main stops at DEFAULTS.servers.maxAnswerBytes and fails in words. Each route streams
 * JSON-looking bytes until the client goes away; the test counts what was written.
 */

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function endless(): Promise<{ url: string }> {
  const written = new Map<string, number>();
  const chunk = Buffer.from(`${'"x",'.repeat(16 * 1024)}`);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.write('{"data":[');
    const pump = (): void => {
      // Stop at ten caps: a client that reads on without end fails the test instead of filling memory.
      while ((written.get(path) ?? 0) < 10 * DEFAULTS.servers.maxAnswerBytes) {
        written.set(path, (written.get(path) ?? 0) + chunk.length);
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end(']}');
    };
    pump();
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('answers read whole into main stop at the cap', () => {
  it('listing models fails in words naming the server, the cap and that TACO stopped reading', async () => {
    const { url } = await endless();
    const provider = createOpenAiCompatibleProvider({ baseUrl: `${url}/v1`, maxContextTokens: 8192, log: () => undefined });
    const error = await provider.listModels().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`${url}/v1/models answered with more than 4 MB; TACO stopped reading it.`);
    servers[0]?.closeAllConnections();
  });

  it("llama.cpp's /props read stops at the cap, says why in the log and counts as no answer", async () => {
    const { url } = await endless();
    const logged: string[] = [];
    const fetchCapped = cappedAnswerFetch(fetch, { onTooLarge: (error) => logged.push(error.message) });
    expect(await readLlamaCppProps(fetchCapped, `${url}/v1`, {}, 'm')).toBeNull();
    expect(logged).toEqual([`${url}/props?model=m answered with more than 4 MB; TACO stopped reading it.`]);
    servers[0]?.closeAllConnections();
  });

  it('a declared length past the cap is refused before reading, an answer at the cap is read whole', async () => {
    const body = 'y'.repeat(1000);
    const base = (async () => new Response(body, { headers: { 'content-length': String(body.length) } })) as unknown as typeof fetch;
    await expect(cappedAnswerFetch(base, { maxBytes: 999 })('http://h/x')).rejects.toThrow('http://h/x answered with more than');
    expect(await (await cappedAnswerFetch(base, { maxBytes: 1000 })('http://h/x')).text()).toBe(body);
    const unsized = (async () => new Response(body)) as unknown as typeof fetch;
    await expect((await cappedAnswerFetch(unsized, { maxBytes: 999 })('http://h/x')).text()).rejects.toThrow('stopped reading');
    expect(await (await cappedAnswerFetch(unsized, { maxBytes: 1000 })('http://h/x')).text()).toBe(body);
  });
});
