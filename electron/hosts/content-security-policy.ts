/**
 * The renderer's Content Security Policy, as both hosts send it in a header (the same policy
 * `renderer/index.html` carries in its meta tag). Only our own scripts and styles run; nothing
 * is framed, no plugins, no forms posting elsewhere, and the page talks only to its own origin.
 */
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: https:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

/**
 * The policy as a header value. `extraConnectSources` adds exact origins to connect-src (the web
 * host adds its own ws:// origin, which older engines do not count as 'self').
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  return DIRECTIVES.map(([name, value]) => {
    const sources = name === 'connect-src' && extraConnectSources.length > 0 ? `${value} ${extraConnectSources.join(' ')}` : value;
    return `${name} ${sources}`;
  }).join('; ');
}
