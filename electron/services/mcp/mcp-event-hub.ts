import type { ModelEvent } from '../../../shared/contract/events';

/** The MCP service's subscribers (`mcp-status`, `mcp-elicitation`, `mcp-sign-in`): one failing does not stop the others. */
export interface McpEventHub {
  broadcast(event: ModelEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: (event: ModelEvent) => void): () => void;
  clear(): void;
}

export function createMcpEventHub(log: (message: string) => void): McpEventHub {
  const listeners = new Set<(event: ModelEvent) => void>();
  return {
    broadcast(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          log(`An ${event.type} subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => listeners.clear(),
  };
}
