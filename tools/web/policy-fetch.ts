import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { ToolFailure, type NetworkPolicy } from '../catalogue/tool-runtime-types';
import { resolveCheckedAddress } from './network-policy';

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch for requests made on a remote party's word (the OAuth metadata, registration and token
 * endpoints an MCP server names): each request's host is resolved and every address checked
 * against the policy at the time of the request, and the connection goes to the address that was
 * checked (no DNS rebinding between check and connect), as fetch_url's. Redirects are answered to
 * the caller, never followed here. `rule` says in a refusal what the policy is for.
 */
export function policyFetch(policy: () => NetworkPolicy, rule: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ToolFailure(`${url.protocol} addresses are not fetched.`);
    const checked = await resolveCheckedAddress(url, policy(), '', rule);
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [checked]);
      else callback(null, checked.address, checked.family);
    };
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (body !== null) headers['content-length'] = String(body.length);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
      // The caller's own signal: the Request's copy follows it only weakly (see same-origin-fetch.ts).
      const signal = init?.signal ?? request.signal;
      const outgoing = send(url, { method: request.method, headers, lookup, agent: false, signal });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      outgoing.end(body ?? undefined);
    });
    const status = incoming.statusCode ?? 0;
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(incoming.headers)) for (const each of [value ?? []].flat()) responseHeaders.append(key, each);
    const empty = NO_BODY.has(status) || request.method === 'HEAD';
    if (empty) incoming.resume();
    return new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
      status,
      statusText: incoming.statusMessage ?? '',
      headers: responseHeaders,
    });
  };
}
