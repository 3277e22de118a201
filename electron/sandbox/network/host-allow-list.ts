import { BlockList, isIP } from 'node:net';
import { addRange, addressInSet } from '@anthropic-ai/sandbox-runtime/dist/sandbox/address.js';
import { matchesDomainPatternWithPort } from '@anthropic-ai/sandbox-runtime/dist/sandbox/domain-pattern.js';
import { canonicalizeHost } from '@anthropic-ai/sandbox-runtime/dist/sandbox/parent-proxy.js';
import { DEFAULTS } from '../../../shared/constants';

/**
 * What network a sandboxed process has: none; only the named hosts (run_command's `network` list,
 * a server's `sandbox.network` list); or any public host (a server's `sandbox.network: true`).
 * Never this machine's own services or the local network unless a host names them.
 */
export type NetworkAccess = { type: 'none' } | { type: 'hosts'; hosts: readonly string[] } | { type: 'public' };

export const NO_NETWORK: NetworkAccess = { type: 'none' };

export { parseAllowedHosts, type ParsedHosts } from '../../../tools/shell/allowed-hosts';

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
