import { isIP } from 'node:net';
import { hasValidIpv6Bracketing, isValidAllowedDomainEntry } from '@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js';
import { canonicalizeHost } from '@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js';
import { DEFAULTS } from '../../shared/constants';

export type ParsedHosts = { ok: true; hosts: string[] } | { ok: false; message: string };

/**
 * Host entries as a model or a config wrote them, in the one spelling the proxy matches and the
 * card shows: lower case, no trailing dot, an international name in punycode (`bücher.example` →
 * `xn--bcher-kva.example`, so a look-alike name shows as what it is), an IP literal in its usual
 * form (`127.1` → `127.0.0.1`), IPv6 in brackets; sorted, without duplicates. An entry is a name
 * (`pypi.org`), a wildcard for its subdomains (`*.githubusercontent.com`, never `*.com`), an IP
 * literal (`127.0.0.1`, `[::1]`), each with an optional `:port`. Anything else is refused with the reason.
 */
export function parseAllowedHosts(entries: readonly unknown[]): ParsedHosts {
  if (entries.length > DEFAULTS.sandbox.network.maxHosts)
    return { ok: false, message: `At most ${DEFAULTS.sandbox.network.maxHosts} hosts may be named; ${entries.length} were.` };
  const hosts = new Set<string>();
  for (const entry of entries) {
    const canonical = typeof entry === 'string' ? canonicalEntry(entry.trim()) : null;
    if (canonical === null)
      return {
        ok: false,
        message: `"${String(entry).slice(0, 100)}" is not a host the network can be allowed for. Name a host such as "pypi.org", "*.example.com" (its subdomains), "127.0.0.1:8080" or "[::1]:8080", optionally with ":port"; "*", "*.com", URLs and paths are not accepted.`,
      };
    hosts.add(canonical);
  }
  return { ok: true, hosts: [...hosts].sort() };
}

/** `host`, `*.host`, `[v6]`, each with an optional `:port` (no leading zero; isValidAllowedDomainEntry holds it to 65535); the host part holds no URL syntax. */
const ENTRY = /^(\*\.)?(\[[0-9A-Fa-f:.]+\]|[^\s/\\@?#%:[\]*]+)(?::([1-9]\d{0,4}))?$/u;

function canonicalEntry(entry: string): string | null {
  const match = ENTRY.exec(entry);
  if (match === null || !hasValidIpv6Bracketing(entry)) return null;
  const [, wildcard = '', rawHost = '', rawPort] = match;
  const port = rawPort === undefined ? undefined : Number(rawPort);
  const host = canonicalizeHost(rawHost);
  if (host === undefined || (wildcard !== '' && isIP(host) !== 0)) return null;
  if (isIP(host) === 0 && host.split('.').some((label) => label === '')) return null;
  const spelled = `${wildcard}${isIP(host) === 6 ? `[${host}]` : host}`;
  const out = port === undefined ? spelled : `${spelled}:${port}`;
  return isValidAllowedDomainEntry(out) ? out : null;
}
