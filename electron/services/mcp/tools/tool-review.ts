import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnection } from '../connection/mcp-connection';
import type { PinnedServer, ToolPins } from './tool-pinning';

/** The tool list last compared with the pins, and what changed per unreviewed tool (tool-pinning.ts). */
export interface ReviewedTools {
  tools: readonly Tool[];
  unreviewed: ReadonlyMap<string, string[]>;
}

/** What a server's entry keeps of its review. */
export interface ReviewHolder {
  reviewed: ReviewedTools | null;
}

type ConnectionView = ReturnType<McpConnection['view']>;

/** The comparison of each server's listed tools with what the user reviewed (the pins). */
export interface ToolReviews {
  /**
   * What changed per tool since the user reviewed it. A list not yet compared with the pins counts
   * as wholly unreviewed (every tool asks) until the comparison answers: then, if the list is still
   * the server's current one (`isCurrent`), it is kept on the holder and `onReviewed` rebuilds.
   */
  unreviewed(
    server: PinnedServer,
    holder: ReviewHolder,
    tools: readonly Tool[],
    isCurrent: () => boolean,
    onReviewed: () => void,
  ): ReadonlyMap<string, string[]>;
  /**
   * A server is not shown (nor waited for) as ready until its tool list has been compared with the
   * pins: until then every tool asks, and a status of ready would show tools in a state about to change.
   */
  gate(holder: ReviewHolder, state: ConnectionView | null): ConnectionView | null;
  /** Resolves once no comparison is under way (the service is settled only then). */
  idle(): Promise<void>;
}

export function createToolReviews(pins: ToolPins, log: (message: string) => void): ToolReviews {
  const under = new Set<Promise<void>>();
  return {
    unreviewed(server, holder, tools, isCurrent, onReviewed) {
      if (holder.reviewed && sameTools(holder.reviewed.tools, tools)) return holder.reviewed.unreviewed;
      const checking = new Map(tools.map((tool) => [tool.name, ['not checked yet']]));
      const review = pins
        .review(server, tools)
        .catch((error: unknown) => {
          log(`The reviewed tools of "${server.name}" could not be read: ${error instanceof Error ? error.message : String(error)}`);
          return checking;
        })
        .then((unreviewed) => {
          if (!isCurrent()) return;
          holder.reviewed = { tools, unreviewed };
          onReviewed();
        })
        .finally(() => under.delete(review));
      under.add(review);
      return checking;
    },
    gate(holder, state) {
      if (state?.status !== 'ready' || (holder.reviewed && sameTools(holder.reviewed.tools, state.tools))) return state;
      return { ...state, status: 'starting' };
    },
    async idle() {
      while (under.size > 0) await Promise.all([...under]);
    },
  };
}

/** The same tools (the connection hands out copies of its list; the tool objects are kept). */
export function sameTools(a: readonly Tool[], b: readonly Tool[]): boolean {
  return a.length === b.length && a.every((tool, index) => tool === b[index]);
}
