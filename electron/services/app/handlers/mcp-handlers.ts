import type { AlwaysAllowedTools } from '../../mcp/tools/always-allowed-tools';
import { serverLocation } from '../../mcp/config/server-location';
import type { McpService } from '../../mcp/mcp-service-types';
import type { CallHandlers } from '../call-router';

export type McpCallName =
  | 'mcp.acceptToolChanges'
  | 'mcp.list'
  | 'mcp.save'
  | 'mcp.remove'
  | 'mcp.setEnabled'
  | 'mcp.restart'
  | 'mcp.import'
  | 'mcp.setToolEnabled'
  | 'mcp.resources.list'
  | 'mcp.resources.read'
  | 'mcp.auth.status'
  | 'mcp.auth.signIn'
  | 'mcp.auth.signOut'
  | 'mcp.elicitation.answer'
  | 'mcp.elicitation.pending'
  | 'mcp.alwaysAllowed.list'
  | 'mcp.alwaysAllowed.revoke';

/** The mcp.* calls over the app's MCP service (requests arrive validated by the contract). */
export function mcpHandlers(mcp: McpService, alwaysAllowed: AlwaysAllowedTools): Pick<CallHandlers, McpCallName> {
  return {
    'mcp.alwaysAllowed.list': async () => ({ tools: await alwaysAllowed.list() }),
    'mcp.alwaysAllowed.revoke': async (request) => {
      await alwaysAllowed.revoke(request.server, request.tool);
      return { tools: await alwaysAllowed.list() };
    },
    'mcp.list': () => ({ servers: mcp.list() }),
    'mcp.save': async (request) => {
      const before = mcp.list().find((server) => server.name === request.name);
      const server = await mcp.save(request.name, request.config, request.replace ?? false);
      // A server that moved (another URL or command) is not the one its tools were always allowed for.
      if (before && serverLocation(before) !== serverLocation(server)) await alwaysAllowed.forget(request.name);
      return { server };
    },
    'mcp.remove': async (request) => {
      await mcp.remove(request.name);
      await alwaysAllowed.forget(request.name);
      return { removed: true };
    },
    'mcp.setEnabled': async (request) => ({ server: await mcp.setEnabled(request.name, request.enabled) }),
    'mcp.restart': async (request) => ({ server: await mcp.restart(request.name) }),
    'mcp.import': (request) => mcp.importJson(request.json),
    'mcp.setToolEnabled': async (request) => ({ server: await mcp.setToolEnabled(request.name, request.tool, request.enabled) }),
    'mcp.acceptToolChanges': async (request) => ({ server: await mcp.acceptToolChanges(request.name) }),
    'mcp.resources.list': async () => ({ resources: await mcp.listResources() }),
    'mcp.resources.read': (request) => mcp.readResource(request.server, request.uri),
    'mcp.auth.status': (request) => mcp.authStatus(request.name),
    'mcp.auth.signIn': async (request) => ({ server: await mcp.signIn(request.name) }),
    'mcp.auth.signOut': async (request) => ({ server: await mcp.signOut(request.name) }),
    'mcp.elicitation.answer': (request) => mcp.answerElicitation(request.elicitationId, request.action, request.content),
    'mcp.elicitation.pending': (request) => ({ requests: mcp.pendingElicitations(request.conversationId) }),
  };
}
