import { ContractError } from '../../../shared/contract/contract-error';
import type { McpService } from './mcp-service-types';

/** A service with no servers that refuses changes: tests of other parts, and hosts that run without MCP. */
export function createInactiveMcpService(): McpService {
  const refuse = (): never => {
    throw new ContractError('internal', 'MCP servers are not available in this run of TACO.');
  };
  return {
    list: () => [],
    save: async () => refuse(),
    configOf: () => null,
    remove: async () => refuse(),
    setEnabled: async () => refuse(),
    restart: async () => refuse(),
    importJson: async () => refuse(),
    setToolEnabled: async () => refuse(),
    acceptToolChanges: async () => refuse(),
    tools: () => [],
    listPrompts: async () => [],
    getPrompt: async () => refuse(),
    listResources: async () => [],
    readResource: async () => refuse(),
    readAppResource: async () => refuse(),
    callForApp: async () => refuse(),
    recentCall: () => undefined,
    authStatus: async () => ({ state: 'signed-out', account: null, signedInAt: null }),
    signIn: async () => refuse(),
    signOut: async () => refuse(),
    answerElicitation: () => ({ accepted: false, message: 'This form is no longer open.' }),
    pendingElicitations: () => [],
    subscribe: () => () => undefined,
    settled: async () => undefined,
    dispose: async () => undefined,
  };
}
