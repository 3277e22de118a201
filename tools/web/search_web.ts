import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, optionalIntegerArg, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';

export const SEARCH_OFF_MESSAGE =
  'Web search is off. The user can turn it on in Settings → Web search (an Ollama API key or a SearXNG address); until then use fetch_url with an address you know.';

export const run: ToolRun = async (args, context) => {
  if (!context.webSearch) throw new ToolFailure(SEARCH_OFF_MESSAGE);
  const query = stringArg(args, 'query').trim();
  if (query === '') throw new ToolFailure('The query is empty. Say what to search for.');
  const wanted = optionalIntegerArg(args, 'max_results') ?? DEFAULTS.webSearch.defaultResults;
  const limit = Math.min(DEFAULTS.webSearch.maxResults, Math.max(1, wanted));
  try {
    const results = await context.webSearch(query, limit, context.signal);
    return jsonOutput({ results: results.map((hit) => ({ title: hit.title, url: hit.url, content: hit.content })) });
  } catch (error) {
    if (context.signal.aborted) throw error;
    // The service's messages name no address; anything that still looks like one is left out (it may carry credentials).
    const message = (error instanceof Error ? error.message : String(error)).replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '(address left out)');
    throw new ToolFailure(`The search failed: ${message}`);
  }
};
