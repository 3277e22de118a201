import { DEFAULTS } from '../../../shared/constants';

/** A redirect to another origin (or from https to http) while secret headers were sent: not followed. */
export class CrossOriginRedirectError extends Error {
  override readonly name = 'CrossOriginRedirectError';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetch for requests that carry the user's secret headers (a model server's or an MCP server's
 * `x-api-key`, Authorization, ...): redirects are handled here (`redirect: 'manual'`), followed only
 * within the request's own origin (scheme, host and port: https→http is another origin) and at most
 * DEFAULTS.servers.maxSameOriginRedirects times. fetch itself strips only Authorization and Cookie
 * on a cross-origin hop and would carry every other header to wherever the server points.
 */
export function sameOriginFetch(base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, init) => {
    const first = new Request(input, init);
    const origin = new URL(first.url).origin;
    const body = first.body === null ? null : await first.arrayBuffer();
    let url = first.url;
    let method = first.method;
    let sendBody: ArrayBuffer | null = body;
    // The caller's own signal, not the Request's copy: that copy follows the caller's through a weak
    // reference (undici), so it stops hearing an abort once nothing else holds the Request.
    const signal = init?.signal ?? first.signal;
    for (let hop = 0; ; hop += 1) {
      const response = await base(url, { method, headers: first.headers, body: sendBody, redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null) return response;
      const target = new URL(location, url);
      await response.body?.cancel().catch(() => undefined);
      if (target.origin !== origin) {
        throw new CrossOriginRedirectError(
          `${origin} redirected to ${target.origin}; TACO does not follow it, because the server's headers (which may hold a key) would go there. Use the address it redirects to, if you trust it, and enter the key again.`,
        );
      }
      if (hop + 1 > DEFAULTS.servers.maxSameOriginRedirects)
        throw new CrossOriginRedirectError(`${origin} redirected more than ${DEFAULTS.servers.maxSameOriginRedirects} times.`);
      // As fetch does: 303 (and 301/302 after a POST) continue as a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        sendBody = null;
      }
      url = target.href;
    }
  };
}
