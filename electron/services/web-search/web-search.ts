import { DEFAULTS } from '../../../shared/constants';
import type { WebSearchHit, WebSearchSettings } from '../../../shared/web-search';

export type WebSearch = (query: string, maxResults: number, signal: AbortSignal) => Promise<WebSearchHit[]>;

/**
 * search_web's service from the settings, or null while it is off (or incomplete). Ollama: POST
 * the documented endpoint with the key as a bearer token, `{query, max_results}` → `{results:
 * [{title, url, content}]}` (docs.ollama.com/capabilities/web-search). SearXNG: GET
 * `/search?q=…&format=json` → `{results: [{title, url, content, …}]}` (its JSON format must be
 * enabled in the instance's settings.yml). Errors say what to fix; the key never appears in them.
 */
export function createWebSearch(
  settings: WebSearchSettings | undefined,
  ollamaUrl: string = DEFAULTS.webSearch.ollamaUrl,
): WebSearch | null {
  if (!settings || settings.provider === 'off') return null;
  if (settings.provider === 'ollama') {
    const key = settings.ollamaApiKey;
    if (!key) return null;
    return async (query, maxResults, signal) => {
      const response = await fetch(ollamaUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, max_results: maxResults }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULTS.webSearch.timeoutMs)]),
      });
      if (response.status === 401 || response.status === 403)
        throw new Error('Ollama refused the web search API key. Check it in Settings → Web search.');
      if (!response.ok) throw new Error(`Ollama's web search answered HTTP ${response.status}.`);
      return hits(await response.json());
    };
  }
  const base = settings.searxngUrl;
  if (!base) return null;
  return async (query, maxResults, signal) => {
    const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULTS.webSearch.timeoutMs)]) });
    if (response.status === 403)
      throw new Error('The SearXNG instance refused JSON results: enable the json format in its settings.yml (search.formats).');
    if (!response.ok) throw new Error(`The SearXNG instance answered HTTP ${response.status}.`);
    return hits(await response.json()).slice(0, maxResults);
  };
}

/** The results of either service, checked field by field (a service's answer is untrusted). */
function hits(body: unknown): WebSearchHit[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new Error('The search service answered without a list of results.');
  return results.flatMap((entry: unknown) => {
    const item = entry as Record<string, unknown>;
    if (typeof item?.['url'] !== 'string') return [];
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    return [{ title: text(item['title']), url: item['url'], content: text(item['content']).slice(0, DEFAULTS.webSearch.contentChars) }];
  });
}
