import { DEFAULTS } from '../../shared/constants';
import { jsonOutput, stringArg } from '../catalogue/args/tool-args';
import type { ToolRun } from '../catalogue/tool-runtime-types';
import { fetchText, isHtmlType, parseHttpUrl, type FetchLimits } from './fetch-text';

/** fetch_url with its limits; tests build one with small limits. */
export function createFetchUrl(limits: FetchLimits & { maxTextChars: number }): ToolRun {
  return async (args, context) => {
    const url = parseHttpUrl(stringArg(args, 'url'));
    const page = await fetchText(url, context, limits);
    // The HTML parser loads with the first HTML page, not with the app (~200 KB of the bundled web host).
    const { title, text } = isHtmlType(page.contentType, page.body)
      ? (await import('./html-text')).htmlToText(page.body)
      : { title: '', text: page.body };
    const cut = text.length > limits.maxTextChars;
    return jsonOutput({
      url: page.finalUrl,
      status: page.status,
      content_type: page.contentType,
      title,
      text: cut ? text.slice(0, limits.maxTextChars) : text,
      truncated: page.truncated || cut,
    });
  };
}

export const run: ToolRun = createFetchUrl({
  timeoutMs: DEFAULTS.tools.fetchTimeoutMs,
  maxBytes: DEFAULTS.tools.fetchMaxBytes,
  maxTextChars: DEFAULTS.tools.fetchMaxTextChars,
});
