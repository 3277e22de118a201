import { chromium, type BrowserContext } from '@playwright/test';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from '../../scripts/chromium-location';
import { LEAK_DOMAIN } from '../../test-support/fake-ollama/scenarios/chat/artifacts';

/**
 * What sees a preview talk out, outside the page: a TCP and UDP listener on a loopback address of
 * its own, and the browser's own network log (Chromium's NetLog, every host lookup and connection
 * its network service made). The browser maps every `*.leak.test` name to the listener's address
 * (`dns-prefetch-*` ones to an address of their own) and the control's name to the control's, and resolves no other name at all (nothing leaves this
 * machine): a lookup of a unique name shows in the log, a connection arrives at the listener.
 */
export const LEAK_ADDRESS = '127.0.0.77';
export const CONTROL_ADDRESS = '127.0.0.78';
export const CONTROL_NAME = `control.${LEAK_DOMAIN}`;
/** Where `dns-prefetch-*` names are mapped: a lookup of one is told apart from a connection's. */
export const LOOKUP_ADDRESS = '127.0.0.79';

export interface Listener {
  port: number;
  arrived: string[];
  close: () => Promise<void>;
}

/** A TCP and a UDP listener on one port of `address`, recording whatever arrives at either. */
export async function listenAt(address: string): Promise<Listener> {
  const arrived: string[] = [];
  const tcp = createServer((socket) => {
    arrived.push('tcp connection');
    socket.destroy();
  });
  await new Promise<void>((resolve) => tcp.listen(0, address, resolve));
  const port = (tcp.address() as AddressInfo).port;
  const udp = createSocket('udp4');
  udp.on('message', (message) => arrived.push(`udp datagram (${message.length} bytes)`));
  await new Promise<void>((resolve) => udp.bind(port, address, resolve));
  return {
    port,
    arrived,
    close: async () => {
      udp.close();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

/**
 * A browser as a person has it: a profile on disk (Playwright's usual contexts are off the record,
 * where Chromium acts on no connection hint at all), the e2e switches, its network log written to
 * `netLog`, and the name mapping above.
 */
export function launchObservedBrowser(profileDir: string, netLog: string): Promise<BrowserContext> {
  const rules = [
    `MAP ${CONTROL_NAME} ${CONTROL_ADDRESS}`,
    `MAP dns-prefetch-*.${LEAK_DOMAIN} ${LOOKUP_ADDRESS}`,
    `MAP *.${LEAK_DOMAIN} ${LEAK_ADDRESS}`,
    'MAP * ~NOTFOUND',
    'EXCLUDE 127.0.0.1',
  ];
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.TACO_CHROMIUM ?? DEFAULT_CHROMIUM,
    args: [...CHROMIUM_ARGS, `--log-net-log=${netLog}`, '--net-log-capture-mode=Everything', `--host-resolver-rules=${rules.join(', ')}`],
    viewport: { width: 1280, height: 800 },
  });
}

interface NetLogFile {
  constants: { logEventTypes: Record<string, number> };
  events: Array<{ type: number; params?: unknown }>;
}

function readNetLog(netLog: string): Array<{ type: string; params: string }> {
  const log = JSON.parse(readFileSync(netLog, 'utf8')) as NetLogFile;
  const names = new Map(Object.entries(log.constants.logEventTypes).map(([name, id]) => [id, name]));
  return log.events.map((event) => ({ type: names.get(event.type) ?? String(event.type), params: JSON.stringify(event.params ?? {}) }));
}

/**
 * The channels (`<channel>.leak.test`, the control's aside) the browser's network log names: a
 * connection, a preconnect or a request it started for one. Read after the browser closed (the log
 * is complete then).
 */
export function channelsInNetLog(netLog: string): string[] {
  const leakName = new RegExp(`([a-z0-9-]+)\\.${LEAK_DOMAIN.replace('.', '\\.')}`, 'giu');
  const channels = new Set<string>();
  for (const event of readNetLog(netLog))
    for (const match of event.params.matchAll(leakName))
      if (match[0].toLowerCase() !== CONTROL_NAME) channels.add((match[1] ?? '').toLowerCase());
  return [...channels].sort();
}

/** How many host lookups the log holds whose answer is `address` (a name mapped there was looked up). */
export function lookupsOf(netLog: string, address: string): number {
  return readNetLog(netLog).filter((event) => event.type === 'HOST_RESOLVER_MANAGER_REQUEST' && event.params.includes(`//${address}:`))
    .length;
}

/** The network log's path for a profile folder. */
export function netLogPath(folder: string): string {
  return join(folder, 'netlog.json');
}
