import { DEFAULTS } from '../../../../shared/constants';
import type { McpAppDomains } from '../../../../shared/mcp/mcp-apps';
import { PRELUDE_SCRIPT } from '../../../../shared/rendering/artifact-frame';

export type DomainsCheck = { ok: true; domains: McpAppDomains } | { ok: false; reason: string };

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u;

/**
 * One declared domain as CSP may carry it, or why not: an https origin (wss too for connections),
 * a DNS name of at least two labels, optionally `*.` for its subdomains, an optional port, nothing
 * else (no path, query, credentials, quotes or spaces, which could add directives). Never this
 * computer or an IP address: a server cannot point its app at TACO's own ports or the local network.
 */
export function checkDomain(raw: unknown, kind: keyof McpAppDomains): { ok: true; source: string } | { ok: false; reason: string } {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 253) return { ok: false, reason: 'a domain is not a short string' };
  const match = /^(https|wss):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}))?\/?$/iu.exec(raw.trim());
  if (!match) return { ok: false, reason: `"${raw.slice(0, 80)}" is not an https origin` };
  const scheme = (match[1] ?? '').toLowerCase();
  const wildcard = match[2] ?? '';
  const host = (match[3] ?? '').toLowerCase();
  const port = match[4];
  if (scheme === 'wss' && kind !== 'connect') return { ok: false, reason: `"${raw.slice(0, 80)}": wss is for connections only` };
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label)))
    return { ok: false, reason: `"${raw.slice(0, 80)}" is not a public domain name` };
  if (/^\d+$/u.test(labels[labels.length - 1] ?? '')) return { ok: false, reason: `"${raw.slice(0, 80)}" is an IP address` };
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return { ok: false, reason: `"${raw.slice(0, 80)}" names this computer or the local network` };
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535))
    return { ok: false, reason: `"${raw.slice(0, 80)}" has no valid port` };
  return { ok: true, source: `${scheme}://${wildcard}${host}${port !== undefined ? `:${port}` : ''}` };
}

/**
 * The domains an app's resource declares (`_meta.ui.csp`: connectDomains, resourceDomains), each
 * checked; one bad entry refuses the app with the reason, so what the app gets is exactly what it
 * declared or nothing. Absent lists are empty: no network at all. `frameDomains` is never granted
 * (an app's nested frames would escape its policy), so it is not read.
 */
export function declaredDomains(csp: unknown): DomainsCheck {
  if (csp === undefined || csp === null) return { ok: true, domains: { connect: [], resource: [] } };
  if (typeof csp !== 'object' || Array.isArray(csp)) return { ok: false, reason: 'its declared domains (_meta.ui.csp) are not an object' };
  const record = csp as Record<string, unknown>;
  const domains: McpAppDomains = { connect: [], resource: [] };
  const lists: Array<[keyof McpAppDomains, string]> = [
    ['connect', 'connectDomains'],
    ['resource', 'resourceDomains'],
  ];
  for (const [kind, key] of lists) {
    const list = record[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return { ok: false, reason: `${key} is not a list` };
    if (list.length > DEFAULTS.mcpApps.maxDeclaredDomains)
      return { ok: false, reason: `${key} names ${list.length} domains (at most ${DEFAULTS.mcpApps.maxDeclaredDomains})` };
    for (const entry of list) {
      const checked = checkDomain(entry, kind);
      if (!checked.ok) return { ok: false, reason: `${key}: ${checked.reason}` };
      if (!domains[kind].includes(checked.source)) domains[kind].push(checked.source);
    }
  }
  return { ok: true, domains };
}

/**
 * The app's policy, from its declared domains and nothing else: inline script and style (an app
 * is one document), data and blob images and media, the declared resource domains for scripts,
 * styles, images, fonts and media, the declared connect domains for fetch and sockets; no frames,
 * no forms, no plugins, no base. An app that declared nothing reaches no network.
 */
export function appPolicy(domains: McpAppDomains): string {
  const resource = domains.resource.join(' ');
  const withResource = (base: string): string => (resource ? `${base} ${resource}` : base);
  const directives: ReadonlyArray<readonly [string, string]> = [
    ['default-src', "'none'"],
    ['script-src', withResource("'unsafe-inline'")],
    ['style-src', withResource("'unsafe-inline'")],
    ['img-src', withResource('data: blob:')],
    ['media-src', withResource('data: blob:')],
    ['font-src', withResource('data:')],
    ['connect-src', domains.connect.length > 0 ? domains.connect.join(' ') : "'none'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * The document the app frame shows: the policy as the first element of its head (it governs all
 * that follows, and a policy the app adds can only narrow it), then the prelude that removes
 * WebRTC, then the app's own HTML.
 */
export function appDocument(policy: string, html: string): string {
  const escaped = policy.replace(/&/gu, '&amp;').replace(/"/gu, '&quot;').replace(/</gu, '&lt;');
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${escaped}"><script>${PRELUDE_SCRIPT}</script>${html}`;
}
