import { describeDuration } from '../catalogue/describe-duration';
import { ToolFailure, type ToolContext } from '../catalogue/tool-runtime-types';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export interface FetchedText {
  finalUrl: string;
  status: number;
  contentType: string;
  body: string;
  truncated: boolean;
}

/** Only these schemes may be fetched; everything else is refused before any request. */
export function parseHttpUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ToolFailure(`"${input}" is not a complete web address. Give one with its scheme, such as "https://example.com/page".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolFailure(
      `Only http:// and https:// addresses can be fetched; "${url.protocol}" addresses are refused. Use read_file for files in the workspace.`,
    );
  }
  return url;
}

/**
 * GETs a URL with the context's fetch, within a time budget (also covering the body) and a byte
 * budget (the rest of the body is not read). Binary content is refused.
 */
export async function fetchText(url: URL, context: Pick<ToolContext, 'fetch' | 'signal'>, limits: FetchLimits): Promise<FetchedText> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([context.signal, timeout]);
  const failure = (error: unknown) => {
    if (context.signal.aborted) return new ToolFailure('The download was stopped because the run was cancelled.');
    if (timeout.aborted)
      return new ToolFailure(
        `${url.href} did not answer within ${describeDuration(limits.timeoutMs)}. Try again later or try another address.`,
      );
    if (error instanceof ToolFailure) return error;
    return new ToolFailure(`${url.href} could not be fetched (${describeCause(error)}). Check the address and that the site is reachable.`);
  };
  try {
    const response = await context.fetch(url.href, {
      signal,
      redirect: 'follow',
      headers: { accept: 'text/html, text/plain;q=0.9, */*;q=0.5' },
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (!isTextType(contentType)) {
      await response.body?.cancel().catch(() => undefined);
      throw new ToolFailure(
        `${url.href} is not a text page (its content type is ${contentType}); fetch_url reads web pages and text only.`,
      );
    }
    const { bytes, truncated } = await readCapped(response, limits.maxBytes);
    if (contentType === '' && bytes.includes(0))
      throw new ToolFailure(`${url.href} looks like a binary file; fetch_url reads web pages and text only.`);
    return { finalUrl: response.url || url.href, status: response.status, contentType, body: decode(bytes, contentType), truncated };
  } catch (error) {
    throw failure(error);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (reader === undefined) return { bytes: new Uint8Array(), truncated: false };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (total > maxBytes) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(total, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= bytes.length) break;
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, truncated };
}

const TEXT_TYPES =
  /^(text\/|application\/(?:json|xml|xhtml\+xml|javascript|ld\+json|rss\+xml|atom\+xml)|[a-z]+\/[a-z0-9.+-]*\+(?:json|xml)\b)/i;

function isTextType(contentType: string): boolean {
  return contentType.trim() === '' || TEXT_TYPES.test(contentType.trim());
}

export function isHtmlType(contentType: string, body: string): boolean {
  if (contentType.trim() === '') return /^\s*</.test(body);
  return /^(text\/html|application\/xhtml\+xml)/i.test(contentType.trim());
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function describeCause(error: unknown): string {
  if (error instanceof Error) {
    const cause: unknown = error.cause;
    if (cause instanceof Error && cause.message !== '') return cause.message;
    return error.message;
  }
  return String(error);
}
