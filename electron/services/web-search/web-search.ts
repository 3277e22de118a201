import { DEFAULTS } from '../../../shared/constants';
import type { WebSearchHit, WebSearchSettings } from '../../../shared/settings/web-search';
import { cappedBodyFetch, McpLimitError } from '../mcp/connection/mcp-limits';

/** A message of ours: it names the service and what to fix, never an address, a key or a password. */
class SearchServiceError extends Error {}

/** Answers are read up to DEFAULTS.webSearch.maxResponseBytes: a service cannot fill main's memory. */
const cappedFetch = cappedBodyFetch((input, init) => fetch(input, init), DEFAULTS.webSearch.maxResponseBytes);

export type WebSearch = (query: string, maxResults: number, signal: AbortSignal) => Promise<WebSearchHit[]>;

/**
 * search_web's service from the settings, or null while it is off (or incomplete). Ollama: POST
 * the documented endpoint with the key as a bearer token, `{query, max_results}` → `{results:
 * [{title, url, content}]}` (docs.ollama.com/capabilities/web-search). SearXNG: GET
 * `/search?q=…&format=json` → `{results: [{title, url, content, …}]}` (its JSON format must be
 * enabled in the instance's settings.yml). Errors say what to fix; no key, address or password
 * ever appears in them.
 */
export function createWebSearch(
  settings: WebSearchSettings | undefined,
  ollamaUrl: string = DEFAULTS.webSearch.ollamaUrl,
): WebSearch | null {
  if (!settings || settings.provider === 'off') return null;
  if (settings.provider === 'ollama') {
    const key = settings.ollamaApiKey;
    if (!key) return null;
    return (query, maxResults, signal) =>
      guarded("Ollama's web search", signal, async () => {
        const response = await cappedFetch(ollamaUrl, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, max_results: maxResults }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULTS.webSearch.timeoutMs)]),
        });
        if (response.status === 401 || response.status === 403)
          throw new SearchServiceError('Ollama refused the web search API key. Check it in Settings → Web search.');
        if (!response.ok) throw new SearchServiceError(`Ollama's web search answered HTTP ${response.status}.`);
        return hits(await jsonOf(response));
      });
  }
  const base = settings.searxngUrl;
  if (!base) return null;
  return (query, maxResults, signal) =>
    guarded('The SearXNG instance', signal, async () => {
      const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const response = await cappedFetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULTS.webSearch.timeoutMs)]) });
      if (response.status === 403)
        throw new SearchServiceError(
          'The SearXNG instance refused JSON results: enable the json format in its settings.yml (search.formats).',
        );
      if (!response.ok) throw new SearchServiceError(`The SearXNG instance answered HTTP ${response.status}.`);
      return hits(await jsonOf(response)).slice(0, maxResults);
    });
}

/**
 * Runs one search; any failure that is not one of ours becomes a generic message. Node's own
 * errors quote the address (with any user:password in it) and would reach the model's context,
 * the conversation file, the raw log and the API stream. A cancelled search stays a cancellation.
 */
async function guarded<T>(service: string, signal: AbortSignal, search: () => Promise<T>): Promise<T> {
  try {
    return await search();
  } catch (error) {
    if (error instanceof SearchServiceError || signal.aborted) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new SearchServiceError(`${service} did not answer within ${DEFAULTS.webSearch.timeoutMs / 1000} s.`);
    const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    const why = typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : '';
    throw new SearchServiceError(`${service} could not be reached${why}. Check its address in Settings → Web search.`);
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof McpLimitError)
      throw new SearchServiceError(
        `The search service's answer is larger than ${Math.round(DEFAULTS.webSearch.maxResponseBytes / (1024 * 1024))} MB; TACO stopped reading it.`,
      );
    throw new SearchServiceError('The search service answered with something that is not JSON.');
  }
}

/** The results of either service, checked field by field (a service's answer is untrusted). */
function hits(body: unknown): WebSearchHit[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new SearchServiceError('The search service answered without a list of results.');
  return results.flatMap((entry: unknown) => {
    const item = entry as Record<string, unknown>;
    if (typeof item?.['url'] !== 'string') return [];
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    return [{ title: text(item['title']), url: item['url'], content: text(item['content']).slice(0, DEFAULTS.webSearch.contentChars) }];
  });
}
