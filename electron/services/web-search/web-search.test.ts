import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { defaultSettings } from '../../../shared/settings/settings';
import { WEB_SEARCH_KEY_MASK, maskWebSearch, unmaskWebSearch, webSearchSettingsSchema } from '../../../shared/settings/web-search';
import { loadCatalogue } from '../../../tools/catalogue/load-catalogue';
import { createTestToolContext } from '../../../tools/catalogue/tool-test-context';
import { run as searchWeb, SEARCH_OFF_MESSAGE } from '../../../tools/web/search_web';
import { needsApproval } from '../agent/tool-calls/call-gates';
import { createWebSearch } from './web-search';

/**
 * Fakes of the two services, from their documented responses: Ollama's web search API
 * (docs.ollama.com/capabilities/web-search: POST, bearer key, {query, max_results} →
 * {results: [{title, url, content}]}) and SearXNG's JSON format (GET /search?q=…&format=json →
 * {query, results: [{url, title, content, engine, …}], …}; 403 when the json format is not enabled).
 */
let server: Server;
let base = '';
const seen: Array<{ method: string; url: string; auth: string | undefined; body: string }> = [];

const bodyOf = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    seen.push({ method: request.method ?? '', url: request.url ?? '', auth: request.headers.authorization, body });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.url === '/api/web_search') {
      if (request.headers.authorization !== 'Bearer good-key') return json(401, { error: 'unauthorized' });
      return json(200, {
        results: [
          { title: 'Ollama', url: 'https://ollama.com/', content: 'Cloud models are now available...' },
          { title: 'What is Ollama?', url: 'https://www.hostinger.com/tutorials/what-is-ollama', content: 'Ariffud M. 6min Read...' },
        ],
      });
    }
    if (request.url?.startsWith('/searx/search')) {
      if (!request.url.includes('format=json')) return json(403, {});
      return json(200, {
        query: 'ollama',
        number_of_results: 0,
        results: [
          {
            url: 'https://github.com/ollama/ollama',
            title: 'ollama/ollama',
            content: 'Get up and running with large language models.',
            engine: 'duckduckgo',
            score: 1.5,
          },
          { url: 'https://ollama.com/', title: 'Ollama', content: 'Run models locally.', engine: 'bing', score: 1.0 },
          { title: 'no address' },
        ],
        answers: [],
        suggestions: [],
        unresponsive_engines: [],
      });
    }
    if (request.url?.startsWith('/off/search')) return json(403, {});
    if (request.url?.startsWith('/huge/search')) {
      // A valid answer past the cap: one result whose content alone is larger.
      const content = 'x'.repeat(DEFAULTS.webSearch.maxResponseBytes + 1024);
      return json(200, { results: [{ url: 'https://example.com/', title: 'huge', content }] });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const signal = new AbortController().signal;

describe('search_web services', () => {
  it('is off until configured, and the tool says how to turn it on', async () => {
    expect(createWebSearch(undefined)).toBeNull();
    expect(createWebSearch({ provider: 'off' })).toBeNull();
    expect(createWebSearch({ provider: 'ollama' })).toBeNull();
    await expect(searchWeb({ query: 'x' }, createTestToolContext({}))).rejects.toThrow(SEARCH_OFF_MESSAGE);
  });

  it("Ollama's API: POST with the key as a bearer token and {query, max_results}", async () => {
    const search = createWebSearch({ provider: 'ollama', ollamaApiKey: 'good-key' }, `${base}/api/web_search`)!;
    const results = await search('what is ollama?', 3, signal);
    expect(results.map((hit) => hit.url)).toEqual(['https://ollama.com/', 'https://www.hostinger.com/tutorials/what-is-ollama']);
    const sent = seen.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', auth: 'Bearer good-key' });
    expect(JSON.parse(sent.body)).toEqual({ query: 'what is ollama?', max_results: 3 });
  });

  it('a refused key is a clear error that does not repeat the key', async () => {
    const search = createWebSearch({ provider: 'ollama', ollamaApiKey: 'bad-key' }, `${base}/api/web_search`)!;
    const context = createTestToolContext({ webSearch: search });
    await expect(searchWeb({ query: 'x' }, context)).rejects.toThrow(/refused the web search API key/);
    await expect(searchWeb({ query: 'x' }, context)).rejects.not.toThrow(/bad-key/);
  });

  it('SearXNG: GET /search with format=json, results cut to max_results, entries without an address dropped', async () => {
    const search = createWebSearch({ provider: 'searxng', searxngUrl: `${base}/searx` })!;
    const outcome = await searchWeb({ query: 'ollama', max_results: 5 }, createTestToolContext({ webSearch: search }));
    const parsed = JSON.parse(outcome.type === 'result' ? outcome.output : '{}') as { results: Array<{ url: string }> };
    expect(parsed.results.map((hit) => hit.url)).toEqual(['https://github.com/ollama/ollama', 'https://ollama.com/']);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/searx/search?q=ollama&format=json' });
    expect(await search('ollama', 1, signal)).toHaveLength(1);
  });

  it('an answer larger than DEFAULTS.webSearch.maxResponseBytes is refused, not read whole into main', async () => {
    const search = createWebSearch({ provider: 'searxng', searxngUrl: `${base}/huge` })!;
    await expect(search('x', 5, signal)).rejects.toThrow(/larger than 1 MB/);
  });

  it('an instance without the JSON format enabled says so', async () => {
    const search = createWebSearch({ provider: 'searxng', searxngUrl: `${base}/off` })!;
    await expect(search('x', 5, signal)).rejects.toThrow(/enable the json format/);
  });

  it('asks before each search, like fetch_url (network risk)', async () => {
    const tool = (await loadCatalogue()).get('search_web')!;
    const settings = defaultSettings();
    expect(tool.info.risk).toBe('network');
    await expect(
      needsApproval(tool, { approvalPolicy: settings.approvals, allowedForConversation: new Set(), workspace: null }, { query: 'x' }),
    ).resolves.toBe(true);
  });

  it('the key is masked in settings.get and a masked key sent back keeps the stored one', () => {
    const stored = { provider: 'ollama' as const, ollamaApiKey: 'secret-key' };
    expect(maskWebSearch(stored).ollamaApiKey).toBe(WEB_SEARCH_KEY_MASK);
    expect(unmaskWebSearch({ provider: 'ollama', ollamaApiKey: WEB_SEARCH_KEY_MASK }, stored).ollamaApiKey).toBe('secret-key');
    expect(unmaskWebSearch({ provider: 'ollama', ollamaApiKey: 'new-key' }, stored).ollamaApiKey).toBe('new-key');
  });

  it('refuses a SearXNG address carrying a user name or password, saying why', () => {
    for (const searxngUrl of ['http://user:hunter2@127.0.0.1:8888', 'https://alice@search.example/', 'http://:pw@host/']) {
      const parsed = webSearchSettingsSchema.safeParse({ provider: 'searxng', searxngUrl });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/must not contain a user name or password/);
    }
    expect(webSearchSettingsSchema.safeParse({ provider: 'searxng', searxngUrl: 'http://127.0.0.1:8888/searx?x=a@b' }).success).toBe(true);
  });

  it('a failed search never quotes the address (or credentials in it) to the model', async () => {
    // Stored before the schema refused them: Node's fetch refuses such a URL with a message quoting it.
    const withCredentials = createWebSearch({ provider: 'searxng', searxngUrl: 'http://user:hunter2@127.0.0.1:9/' })!;
    const failure = await searchWeb({ query: 'x' }, createTestToolContext({ webSearch: withCredentials })).catch((error: unknown) => error);
    expect(String((failure as Error).message)).toMatch(/^The search failed: The SearXNG instance could not be reached/);
    expect(String((failure as Error).message)).not.toMatch(/hunter2|127\.0\.0\.1|http:/);
    // Unreachable: the reason, not the address.
    const unreachable = createWebSearch({ provider: 'searxng', searxngUrl: 'http://127.0.0.1:9/' })!;
    const refused = await unreachable('x', 5, signal).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(
      /^The SearXNG instance could not be reached( \([A-Z_]+\))?\. Check its address in Settings → Web search\.$/,
    );
    // Whatever a service throws, the tool leaves addresses out.
    const leaky = createTestToolContext({
      webSearch: () => Promise.reject(new Error('GET http://user:pw@search.example/search?q=x failed')),
    });
    await expect(searchWeb({ query: 'x' }, leaky)).rejects.toThrow('The search failed: GET (address left out) failed');
  });
});
