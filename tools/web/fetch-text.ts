import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DEFAULTS } from '../../shared/constants';
import { describeDuration } from '../catalogue/describe-duration';
import { ToolFailure, type NetworkPolicy, type ToolContext } from '../catalogue/tool-runtime-types';
import { checkRedirect, resolveCheckedAddress } from './network-policy';

export { parseHttpUrl } from './parse-http-url';

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

/**
 * GETs a URL within a time budget (also covering the body) and a byte budget (the rest of the
 * body is not read). Binary content is refused. Every hop's host is resolved and checked against
 * the context's network policy, the connection goes to the checked address (no DNS rebinding
 * between check and connect), and redirects are followed here, at most DEFAULTS.tools.fetchMaxRedirects,
 * each one checked the same way and never from https down to http.
 */
export async function fetchText(url: URL, context: Pick<ToolContext, 'network' | 'signal'>, limits: FetchLimits): Promise<FetchedText> {
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
    let current = url;
    let response = await getChecked(current, context.network, signal, '');
    for (let redirects = 0; isRedirect(response); redirects++) {
      const location = String(response.headers.location);
      response.resume();
      if (redirects >= DEFAULTS.tools.fetchMaxRedirects)
        throw new ToolFailure(`${url.href} led to more than ${DEFAULTS.tools.fetchMaxRedirects} redirects; fetch_url gave up.`);
      const next = checkRedirect(current, location);
      response = await getChecked(next, context.network, signal, `${current.href} redirected to ${next.href}, but `);
      current = next;
    }
    const contentType = String(response.headers['content-type'] ?? '');
    if (!isTextType(contentType)) {
      response.destroy();
      throw new ToolFailure(
        `${current.href} is not a text page (its content type is ${contentType}); fetch_url reads web pages and text only.`,
      );
    }
    const { bytes, truncated } = await readCapped(response, limits.maxBytes);
    if (contentType === '' && bytes.includes(0))
      throw new ToolFailure(`${current.href} looks like a binary file; fetch_url reads web pages and text only.`);
    return { finalUrl: current.href, status: response.statusCode ?? 0, contentType, body: decode(bytes, contentType), truncated };
  } catch (error) {
    throw failure(error);
  }
}

function isRedirect(response: IncomingMessage): boolean {
  const status = response.statusCode ?? 0;
  return status >= 300 && status < 400 && typeof response.headers.location === 'string';
}

/** One GET to the address that passed the policy; the name stays in Host and in TLS (SNI, certificate). */
async function getChecked(url: URL, policy: NetworkPolicy, signal: AbortSignal, how: string): Promise<IncomingMessage> {
  const checked = await resolveCheckedAddress(url, policy, how);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      signal,
      lookup,
      agent: false,
      headers: { accept: 'text/html, text/plain;q=0.9, */*;q=0.5' },
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    total += chunk.length;
    if (total > maxBytes) {
      truncated = true;
      response.destroy();
      break;
    }
  }
  return { bytes: new Uint8Array(Buffer.concat(chunks).subarray(0, maxBytes)), truncated };
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
    if ('code' in error && typeof error.code === 'string' && !error.message.includes(error.code)) return `${error.code}: ${error.message}`;
    return error.message;
  }
  return String(error);
}
