import { DEFAULTS } from '../../../shared/constants';
import { ContractError } from '../../../shared/contract/contract-error';
import type { McpServerEntry } from './mcp-server-entry';
import { listServerPrompts, readServerPrompt } from './mcp-prompts';
import type { McpService } from './mcp-service-types';
import { listServerResources, readServerResource } from './resources/mcp-resources';

type ServerContent = Pick<McpService, 'listPrompts' | 'getPrompt' | 'listResources' | 'readResource' | 'readAppResource'>;

/**
 * The prompts and resources of the ready servers (mcp-service.ts): lists wait for the servers to be
 * loaded and skip servers not connected; a read from a server that is not ready is refused.
 */
export function serverContent(
  entries: ReadonlyMap<string, McpServerEntry>,
  loaded: Promise<unknown>,
  listTimeoutMs: number,
): ServerContent {
  const readyClient = (server: string, what: string) => {
    const client = entries.get(server)?.connection?.client();
    if (!client) throw new ContractError('not-found', `The MCP server "${server}" is not ready, so ${what} cannot be read.`);
    return client;
  };
  const callTimeout = (server: string): number => entries.get(server)?.config.timeoutMs ?? DEFAULTS.mcp.callTimeoutMs;
  return {
    async listPrompts() {
      await loaded.catch(() => undefined);
      const lists = await Promise.all(
        [...entries].map(([name, entry]) => {
          const client = entry.connection?.client();
          return client ? listServerPrompts(name, client, listTimeoutMs) : Promise.resolve([]);
        }),
      );
      return lists.flat();
    },
    async listResources() {
      await loaded.catch(() => undefined);
      const lists = await Promise.all(
        [...entries].map(([name, entry]) => {
          const client = entry.connection?.client();
          return client ? listServerResources(name, client, listTimeoutMs) : Promise.resolve([]);
        }),
      );
      return lists.flat();
    },
    async readResource(server, uri) {
      return readServerResource(server, readyClient(server, 'its resource'), uri, callTimeout(server));
    },
    async readAppResource(server, uri) {
      return readyClient(server, 'its app').readResource({ uri }, { timeout: callTimeout(server) });
    },
    async getPrompt(server, name, args) {
      return readServerPrompt(readyClient(server, `its prompt "${name}"`), name, args, callTimeout(server));
    },
  };
}
