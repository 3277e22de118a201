import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelEvent } from '../../../../shared/contract/events';
import type { McpServerConfig, McpServerView } from '../../../../shared/mcp/mcp';
import type { Cleanups } from '../../../../test-support/cleanups';
import { createNetworkPolicy } from '../../../../tools/web/network-policy';
import { loopbackAuthorizer } from '../auth/loopback-authorizer';
import { createMcpAuth } from '../auth/mcp-auth';
import { createTokenStore } from '../auth/token-store';
import { createMcpService } from '../mcp-service';
import type { McpService } from '../mcp-service-types';
import { TEST_TIMINGS } from './mcp-harness';

export interface OAuthHarnessOptions {
  /** Shared by the services of one test (a second start reads what the first stored). */
  dataDir: string;
  /** Written to mcp.json before the service starts; omitted: the file is left as it is. */
  servers?: Record<string, McpServerConfig>;
  /** The CLI's --mcp-config file. */
  extraConfigFile?: string;
  /** Settings → allow private network addresses (fetch_url's switch); default off. */
  allowPrivateNetwork?: () => boolean;
}

export interface OAuthHarness {
  service: McpService;
  /** Every authorization page the "browser" opened. */
  opened: string[];
  modelEvents: ModelEvent[];
  /** Resolves with the server's view once `want` holds (from mcp-status events, never by polling). */
  waitFor(name: string, want: (view: McpServerView) => boolean): Promise<McpServerView>;
}

/**
 * The MCP service with TACO's OAuth (token store, loopback authorizer, mcp-auth) over `dataDir`.
 * The "system browser" follows the authorization page's redirect to TACO's loopback, as a
 * browser would with a server that needs no login. Disposed by `cleanups`.
 */
export function startOAuthHarness(cleanups: Cleanups, options: OAuthHarnessOptions): OAuthHarness {
  if (options.servers) writeFileSync(path.join(options.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: options.servers }));
  const opened: string[] = [];
  const openBrowser = async (url: string) => {
    opened.push(url);
    await (await fetch(url)).text();
    return { opened: true, message: null };
  };
  const allowPrivate = options.allowPrivateNetwork ?? (() => false);
  const service = createMcpService({
    dataDir: options.dataDir,
    ...(options.extraConfigFile ? { extraConfigFile: options.extraConfigFile } : {}),
    emit: () => undefined,
    timings: TEST_TIMINGS,
    pathValue: async () => process.env.PATH ?? '',
    log: () => undefined,
    auth: createMcpAuth({
      store: createTokenStore(options.dataDir, null),
      authorizer: loopbackAuthorizer({ openBrowser, timeoutMs: 60_000 }),
      network: () => createNetworkPolicy({ allowPrivate: allowPrivate() }),
      now: Date.now,
    }),
  });
  cleanups.defer(() => service.dispose());
  const modelEvents: ModelEvent[] = [];
  const latest = new Map<string, McpServerView>();
  const wakes = new Set<() => void>();
  service.subscribe((event) => {
    modelEvents.push(event);
    if (event.type === 'mcp-status') latest.set(event.server.name, event.server);
    for (const wake of [...wakes]) wake();
  });
  return {
    service,
    opened,
    modelEvents,
    waitFor: (name, want) =>
      new Promise((resolve) => {
        const check = (): void => {
          const view = latest.get(name);
          if (view && want(view)) {
            wakes.delete(check);
            resolve(view);
          }
        };
        wakes.add(check);
        check();
      }),
  };
}

/** The server's start failed (a test then checks why: `error` asks the user to sign in). */
export const failed = (view: McpServerView): boolean => view.status === 'failed';
