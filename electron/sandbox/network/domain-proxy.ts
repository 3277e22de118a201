import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHttpProxyServer, markHandedInConnection } from '@anthropic-ai/sandbox-runtime/dist/sandbox/http-proxy.js';
import { createResolvedAddressGuard, type Resolver } from '@anthropic-ai/sandbox-runtime/dist/sandbox/resolved-address-guard.js';
import { createSocksProxyServer } from '@anthropic-ai/sandbox-runtime/dist/sandbox/socks-proxy.js';
import { DEFAULTS } from '../../../shared/constants';
import { hostAllowed, type NetworkAccess } from './host-allow-list';

/** A running proxy for one sandboxed process: where its socket is, and how to stop it. */
export interface DomainProxy {
  /** The UNIX socket it listens on, in a folder only this user can enter. */
  socketPath: string;
  close(): Promise<void>;
}

/** Test seams: the name resolver (default dns.lookup) and this machine's own addresses (default: its interfaces). */
export interface ProxyResolution {
  resolve?: Resolver;
  localAddresses?: () => readonly string[];
}

/** SOCKS 4 and 5 greetings begin with their version; anything else is HTTP (sandbox-runtime's mux tells them apart the same way). */
const SOCKS_FIRST_BYTES = new Set([0x04, 0x05]);

/**
 * An HTTP (plain and CONNECT) and SOCKS5 proxy that opens connections only to what `access`
 * allows, for one sandboxed process. Both protocols are sandbox-runtime's own servers
 * (createHttpProxyServer, createSocksProxyServer) with TACO's filter (hostAllowed) and
 * sandbox-runtime's resolved-address guard: a name is resolved once, an address in the local
 * ranges (DEFAULTS.sandbox.network.localRanges), loopback, link-local, metadata or this machine's
 * own is refused unless the allow-list names that address, and the address checked is the one
 * dialled (no second lookup a rebinding name could answer differently). Both listen on one UNIX
 * socket, told apart by the first byte, which the process reaches only through the socket bound
 * into its sandbox (bwrap-args.ts): no TCP port on this machine, and no other process's sandbox
 * sees it.
 */
export async function startDomainProxy(access: NetworkAccess, resolution: ProxyResolution = {}): Promise<DomainProxy> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'taco-network-'));
  const socketPath = path.join(folder, 'proxy.sock');
  const guard = createResolvedAddressGuard({
    allowedDomains: access.type === 'hosts' ? access.hosts : [],
    deniedResolvedAddresses: DEFAULTS.sandbox.network.localRanges,
    ...(resolution.resolve ? { resolve: resolution.resolve } : {}),
    ...(resolution.localAddresses ? { localAddresses: resolution.localAddresses } : {}),
  });
  const lookupFor = (port: number) => guard.lookupFor(port);
  const http = createHttpProxyServer({
    filter(port, host, _socket, _command, explain) {
      const allowed = hostAllowed(access, host, port);
      if (!allowed) explain?.(refusal(access, host, port));
      return allowed;
    },
    lookupFor,
  });
  const socks = createSocksProxyServer({ filter: (port, host) => hostAllowed(access, host, port), lookupFor });
  const open = new Set<Socket>();
  const front: Server = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.once('readable', () => {
      const first = client.read(1) as Buffer | null;
      if (first === null || first.length === 0) {
        client.destroy();
        return;
      }
      client.unshift(first);
      if (SOCKS_FIRST_BYTES.has(first[0] ?? -1)) socks.handleConnection(client);
      else {
        markHandedInConnection(client);
        http.emit('connection', client);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(socketPath, () => {
      front.off('error', reject);
      resolve();
    });
  });
  let closed: Promise<void> | null = null;
  return {
    socketPath,
    close() {
      closed ??= (async () => {
        for (const client of open) client.destroy();
        await socks.close();
        http.close();
        await new Promise<void>((resolve) => front.close(() => resolve()));
        await rm(folder, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}

/** What a refused CONNECT is answered with (the status phrase the command's client prints). */
function refusal(access: NetworkAccess, host: string, port: number): string {
  const allowed = access.type === 'hosts' ? `only ${access.hosts.join(', ')}` : 'public hosts only';
  return `TACO sandbox: ${host}:${port} is not allowed (${allowed})`.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
}
