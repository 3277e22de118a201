import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../shared/contract/json';
import { createTestToolContext } from '../catalogue/tool-test-context';
import type { ToolOutcome } from '../catalogue/tool-runtime-types';
import { createFetchUrl } from './fetch_url';
import { createNetworkPolicy } from './network-policy';

const PAGE = `<!doctype html><html><head><title>Taco  Recipes</title><style>body { color: red }</style>
<script>var secret = "SCRIPT-TEXT";</script></head>
<body><h1>Fillings</h1><p>Beans and <b>cheese</b>.</p><noscript>NOSCRIPT-TEXT</noscript>
<ul><li>Salsa</li><li>Lime</li></ul><script type="module">alert("x")</script></body></html>`;

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/page':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      case '/text':
        response.writeHead(200, { 'content-type': 'text/plain' }).end('  plain\n  text  ');
        return;
      case '/big':
        response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(50_000));
        return;
      case '/image':
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]));
        return;
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not here</p>');
        return;
      case '/moved':
        response.writeHead(302, { location: '/text' }).end();
        return;
      case '/latin1':
        response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        return;
      case '/hang':
        return; // never answers
      default:
        response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchUrl = createFetchUrl({ timeoutMs: 5000, maxBytes: 10_000, maxTextChars: 50_000 });
/** This server is on 127.0.0.1: these tests run with private addresses allowed (the SSRF rules are in fetch-ssrf.test.ts). */
const context = (overrides = {}) => createTestToolContext({ network: createNetworkPolicy({ allowPrivate: true }), ...overrides });

function parsed(outcome: ToolOutcome): JsonObject {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${outcome.type}`);
  return JSON.parse(outcome.output) as JsonObject;
}

describe('fetch_url', () => {
  it('turns HTML into text, without scripts and styles', async () => {
    const result = parsed(await fetchUrl({ url: `${base}/page` }, context()));
    expect(result).toMatchObject({ url: `${base}/page`, status: 200, title: 'Taco Recipes', truncated: false });
    const text = String(result.text);
    expect(text).toContain('Fillings');
    expect(text).toContain('Beans and cheese.');
    expect(text).toContain('Salsa');
    for (const hidden of ['SCRIPT-TEXT', 'alert', 'color: red', 'NOSCRIPT-TEXT', '<p>']) expect(text).not.toContain(hidden);
  });

  it('returns plain text as it is, decoded with its charset', async () => {
    expect(parsed(await fetchUrl({ url: `${base}/text` }, context())).text).toBe('  plain\n  text  ');
    expect(parsed(await fetchUrl({ url: `${base}/latin1` }, context())).text).toBe('café');
  });

  it('caps the size of the body', async () => {
    const result = parsed(await fetchUrl({ url: `${base}/big` }, context()));
    expect(result.truncated).toBe(true);
    expect(String(result.text)).toHaveLength(10_000);
  });

  it('caps the extracted text', async () => {
    const small = createFetchUrl({ timeoutMs: 5000, maxBytes: 100_000, maxTextChars: 20 });
    const result = parsed(await small({ url: `${base}/big` }, context()));
    expect(result).toMatchObject({ text: 'x'.repeat(20), truncated: true });
  });

  it('reports the status of an error page and follows redirects', async () => {
    expect(parsed(await fetchUrl({ url: `${base}/missing` }, context()))).toMatchObject({ status: 404, text: 'Not here' });
    expect(parsed(await fetchUrl({ url: `${base}/moved` }, context()))).toMatchObject({ url: `${base}/text`, status: 200 });
  });

  it('refuses other schemes before any request', async () => {
    const spy = vi.fn(createNetworkPolicy({ allowPrivate: true }).lookup);
    const network = { ...createNetworkPolicy({ allowPrivate: true }), lookup: spy };
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'javascript:alert(1)', 'data:text/plain,hi']) {
      await expect(fetchUrl({ url }, context({ network }))).rejects.toThrow(/Only http:\/\/ and https:\/\/ addresses can be fetched/);
    }
    await expect(fetchUrl({ url: 'example.com' }, context({ network }))).rejects.toThrow('is not a complete web address');
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses binary content', async () => {
    await expect(fetchUrl({ url: `${base}/image` }, context())).rejects.toThrow('is not a text page (its content type is image/png)');
  });

  it('gives up on a server that does not answer in time', async () => {
    const quick = createFetchUrl({ timeoutMs: 200, maxBytes: 1000, maxTextChars: 1000 });
    await expect(quick({ url: `${base}/hang` }, context())).rejects.toThrow(`${base}/hang did not answer within 200 ms`);
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = fetchUrl({ url: `${base}/hang` }, context({ signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toThrow('stopped because the run was cancelled');
  });

  it('explains an address nobody listens at', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchUrl({ url: `http://127.0.0.1:${port}/` }, context())).rejects.toThrow(
      /could not be fetched \(.*ECONNREFUSED.*\)\. Check the address/,
    );
  });
});
