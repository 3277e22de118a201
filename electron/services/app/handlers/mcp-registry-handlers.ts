import type { RegistryInstalls } from '../../mcp/registry/registry-installs';
import type { CallHandlers } from '../call-router';

export type McpRegistryCallName = 'mcp.registry.search' | 'mcp.registry.plan' | 'mcp.registry.install' | 'mcp.registry.updates';

/** Settings → MCP servers → Browse: the registry calls (requests arrive validated by the contract). */
export function mcpRegistryHandlers(registry: RegistryInstalls): Pick<CallHandlers, McpRegistryCallName> {
  return {
    'mcp.registry.search': (request) => registry.search(request.query, request.cursor),
    'mcp.registry.plan': (request) => registry.plan(request.server, request.version),
    'mcp.registry.install': async (request) => ({ server: await registry.install(request) }),
    'mcp.registry.updates': async () => ({ updates: await registry.updates() }),
  };
}
