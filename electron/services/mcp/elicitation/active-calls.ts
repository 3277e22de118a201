import type { McpCaller } from '../tools/mcp-tool-adapter';
import type { CallOrigin } from './call-origin';

export type { CallOrigin } from './call-origin';

export interface ActiveCalls {
  /** Records a call in flight on `server`; the returned function ends it. */
  begin(server: string, origin: CallOrigin): () => void;
  /** The latest call still in flight on `server`, or null. */
  latest(server: string): CallOrigin | null;
}

/**
 * The tools/call requests in flight per server. MCP does not tie a server's `elicitation/create`
 * to the call that caused it in a way the SDK exposes, so the form goes to the conversation of the
 * server's latest call in flight; with none in flight there is nobody to ask and it is declined.
 */
export function createActiveCalls(): ActiveCalls {
  const calls = new Map<string, CallOrigin[]>();
  return {
    begin(server, origin) {
      const list = calls.get(server) ?? [];
      list.push(origin);
      calls.set(server, list);
      return () => {
        const current = calls.get(server) ?? [];
        const index = current.indexOf(origin);
        if (index >= 0) current.splice(index, 1);
        if (current.length === 0) calls.delete(server);
      };
    },
    latest(server) {
      const list = calls.get(server);
      return list?.[list.length - 1] ?? null;
    },
  };
}

/** The caller with each call recorded in `calls` while it is in flight. */
export function trackCalls(caller: McpCaller, calls: ActiveCalls): McpCaller {
  return async (server, tool, args, options) => {
    const end = options.origin ? calls.begin(server, options.origin) : () => undefined;
    try {
      return await caller(server, tool, args, options);
    } finally {
      end();
    }
  };
}
