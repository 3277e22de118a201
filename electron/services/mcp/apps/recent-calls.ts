import type { JsonObject } from '../../../../shared/contract/json';
import type { McpCallResult } from '../tools/mcp-result';

/** One MCP tool call main ran for a conversation, as its app will be fed it. */
export interface RecentCall {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  conversationId: string;
  runId: string;
  args: JsonObject;
  result: McpCallResult;
}

export interface RecentCalls {
  remember(callId: string, call: RecentCall): void;
  get(callId: string): RecentCall | undefined;
}

/**
 * The newest `limit` MCP tool calls with their raw results (structured content included), by call
 * id: an app opens only for a call main ran, and is fed what the server really answered. Older
 * calls are forgotten (their app says so and offers nothing).
 */
export function createRecentCalls(limit: number): RecentCalls {
  const calls = new Map<string, RecentCall>();
  return {
    remember(callId, call) {
      calls.delete(callId);
      calls.set(callId, call);
      while (calls.size > limit) {
        const oldest = calls.keys().next();
        if (oldest.done) break;
        calls.delete(oldest.value);
      }
    },
    get: (callId) => calls.get(callId),
  };
}
