import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { LookupAll, NetworkPolicy } from '../catalogue/tool-runtime-types';
import { ToolFailure } from '../catalogue/tool-runtime-types';
import { parseHttpUrl } from './parse-http-url';

/**
 * True only for global unicast addresses. Loopback, private, link-local (169.254.169.254),
 * carrier-grade NAT, unique-local, multicast, reserved, unspecified, IPv4-mapped and NAT64
 * addresses are not public: a fetched page or a model must not reach the user's router, Ollama
 * or a cloud metadata service through fetch_url.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

const lookupAll: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The policy the app uses: private addresses only when the user's setting allows them. */
export function createNetworkPolicy(options: { allowPrivate: boolean; lookup?: LookupAll }): NetworkPolicy {
  return {
    lookup: options.lookup ?? lookupAll,
    isAllowedAddress: options.allowPrivate ? (address) => ipaddr.isValid(address) : isPublicAddress,
  };
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null for a name. */
function ipLiteral(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return ipaddr.isValid(host) ? host : null;
}

/** fetch_url's words for a refused address; other users of the policy name their own rule. */
export const FETCH_URL_RULE = 'fetch_url only reaches public sites (Settings can allow private network addresses)';

/**
 * Resolves the URL's host and checks every address it has; returns the address to connect to.
 * An IP literal is checked without any lookup. `how` names the hop in the refusal, `rule` what
 * the policy is for.
 */
export async function resolveCheckedAddress(
  url: URL,
  policy: NetworkPolicy,
  how = '',
  rule = FETCH_URL_RULE,
): Promise<{ address: string; family: number }> {
  const refusal = `a private or reserved address, so it is refused: ${rule}`;
  const literal = ipLiteral(url);
  if (literal !== null) {
    if (!policy.isAllowedAddress(literal)) throw new ToolFailure(`${how}${url.host} is ${refusal}.`);
    return { address: literal, family: literal.includes(':') ? 6 : 4 };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await policy.lookup(url.hostname);
  } catch (error) {
    throw new ToolFailure(
      `${how}${url.hostname} could not be resolved (${error instanceof Error ? error.message : String(error)}). Check the address.`,
    );
  }
  const first = addresses[0];
  if (first === undefined) throw new ToolFailure(`${how}${url.hostname} has no address. Check the address.`);
  const refused = addresses.find((entry) => !policy.isAllowedAddress(entry.address));
  if (refused !== undefined) throw new ToolFailure(`${how}${url.hostname} resolves to ${refused.address}, ${refusal}.`);
  return first;
}

/** The next URL of a redirect: http(s) only, and never from https down to http. */
export function checkRedirect(from: URL, location: string): URL {
  const next = parseHttpUrl(new URL(location, from).href);
  if (from.protocol === 'https:' && next.protocol === 'http:')
    throw new ToolFailure(`${from.href} redirected from https to http (${next.href}); the unencrypted address is refused.`);
  return next;
}
