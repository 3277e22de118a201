import { BlockList, isIP } from 'node:net';
import { addRange, addressInSet } from '@anthropic-ai/sandbox-runtime/dist/sandbox/address.js';
import {
  hasValidIpv6Bracketing,
  isValidAllowedDomainEntry,
  matchesDomainPatternWithPort,
} from '@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js';
import { canonicalizeHost } from '@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js';
import { DEFAULTS } from '../../../shared/constants';

/**
 * What network a sandboxed process has: none; only the named hosts (run_command's `network` list,
 * a server's `sandbox.network` list); or any public host (a server's `sandbox.network: true`).
 * Never this machine's own services or the local network unless a host names them.
 */
export type NetworkAccess = { type: 'none' } | { type: 'hosts'; hosts: readonly string[] } | { type: 'public' };

export const NO_NETWORK: NetworkAccess = { type: 'none' };

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

const LOCAL = ((): BlockList => {
  const list = new BlockList();
  for (const range of DEFAULTS.sandbox.network.localRanges) addRange(list, range);
  return list;
})();

/** An address on this machine or the local network (DEFAULTS.sandbox.network.localRanges). */
export function isLocalAddress(address: string): boolean {
  return addressInSet(LOCAL, address);
}

/**
 * Whether the proxy may open a connection to `host:port` as the process asked for it (any
 * spelling: case, trailing dot, Unicode, `127.1`). Named hosts: an entry must match (a wildcard
 * never matches an IP literal). Any public host: every name (its resolved address is checked
 * apart, proxy-guard.ts), and an IP literal only outside the local ranges. `localhost` is a name
 * like any other: reached only when named.
 */
export function hostAllowed(access: NetworkAccess, host: string, port: number): boolean {
  // URL syntax in a host (`pypi.org/x`, `user@`) would be parsed away by canonicalizeHost: refused instead.
  const canonical = /^[^\s/\\@?#%]+$/u.test(host) ? canonicalizeHost(host) : undefined;
  if (canonical === undefined || canonical === '' || !Number.isInteger(port) || port < 1 || port > 65535) return false;
  switch (access.type) {
    case 'none':
      return false;
    case 'hosts':
      return access.hosts.some((entry) => matchesDomainPatternWithPort(canonical, port, entry));
    case 'public':
      if (isIP(canonical) !== 0) return !isLocalAddress(canonical);
      return !isLoopbackName(canonical);
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = access;
      return unreachable;
    }
  }
}

function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
}

/** The hosts in the card's words: "only pypi.org, *.example.com"; "any public host" for a public grant. */
export function describeHosts(access: NetworkAccess): string {
  switch (access.type) {
    case 'none':
      return 'no network';
    case 'hosts':
      return `network: only ${access.hosts.join(', ')}, through TACO's proxy`;
    case 'public':
      return "network: any public host through TACO's proxy, but not this computer's own services or your local network";
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = access;
      return unreachable;
    }
  }
}
