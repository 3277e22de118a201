import type { McpServerConfig, McpServerView } from '../../../../shared/mcp';
import type { McpStatusEvent, ModelEvent } from '../../../../shared/events';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';

export type McpActionResult = { ok: true } | { ok: false; message: string };
export type McpImportResult = { ok: true; added: string[]; skipped: { name: string; reason: string }[] } | { ok: false; message: string };

/** MCP servers: main owns them; this keeps the list from `mcp.list` and `mcp-status` events. */
export interface McpSlice {
  /** Null until the first `mcp.list` answered. */
  mcpServers: McpServerView[] | null;
  /** Why the list could not be read, in words. */
  mcpError: string | null;
  loadMcpServers(): Promise<void>;
  /** Add (replace false: the name must be new) or replace a server's config. */
  saveMcpServer(name: string, config: McpServerConfig, replace: boolean): Promise<McpActionResult>;
  removeMcpServer(name: string): Promise<McpActionResult>;
  setMcpServerEnabled(name: string, enabled: boolean): Promise<McpActionResult>;
  restartMcpServer(name: string): Promise<McpActionResult>;
  /** Paste a `{"mcpServers": {...}}` block; imported servers start disabled. */
  importMcpServers(json: string): Promise<McpImportResult>;
  setMcpToolEnabled(server: string, tool: string, enabled: boolean): Promise<McpActionResult>;
  /** The `mcp-status` events of one `model-events` batch. */
  applyMcpEvents(events: readonly ModelEvent[]): void;
}

/** The list with `server` put in place of its namesake (or added, keeping the list sorted by name). */
export function upsertServer(servers: readonly McpServerView[] | null, server: McpServerView): McpServerView[] {
  const list = (servers ?? []).filter((existing) => existing.name !== server.name);
  return [...list, server].sort((a, b) => a.name.localeCompare(b.name));
}

function isStatusEvent(event: unknown): event is McpStatusEvent {
  if (typeof event !== 'object' || event === null) return false;
  const candidate = event as { type?: unknown; server?: { name?: unknown } | null };
  return candidate.type === 'mcp-status' && typeof candidate.server?.name === 'string';
}

export const createMcpSlice: SliceCreator<McpSlice> = (set, get, { api }) => {
  /** Put a server main answered with into the list; the catalogue follows when it is loaded. */
  const keep = (server: McpServerView): void => {
    set((state) => ({ mcpServers: upsertServer(state.mcpServers, server) }));
    refreshTools();
  };
  const refreshTools = (): void => {
    if (get().tools !== null) void get().loadTools({ force: true });
  };
  const attempt = async (action: () => Promise<void>): Promise<McpActionResult> => {
    try {
      await action();
      return { ok: true };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  };

  return {
    mcpServers: null,
    mcpError: null,

    async loadMcpServers() {
      try {
        const { servers } = await api.call('mcp.list', {});
        set({ mcpServers: [...servers].sort((a, b) => a.name.localeCompare(b.name)), mcpError: null });
      } catch (error) {
        set({ mcpError: describeCallFailure(error) });
      }
    },

    saveMcpServer(name, config, replace) {
      return attempt(async () => keep((await api.call('mcp.save', { name, config, replace })).server));
    },

    removeMcpServer(name) {
      return attempt(async () => {
        await api.call('mcp.remove', { name });
        set((state) => ({ mcpServers: (state.mcpServers ?? []).filter((server) => server.name !== name) }));
        refreshTools();
      });
    },

    setMcpServerEnabled(name, enabled) {
      return attempt(async () => keep((await api.call('mcp.setEnabled', { name, enabled })).server));
    },

    restartMcpServer(name) {
      return attempt(async () => keep((await api.call('mcp.restart', { name })).server));
    },

    async importMcpServers(json) {
      if (json.trim() === '')
        return { ok: false, message: 'Paste a block like {"mcpServers": {"name": {"command": "npx", "args": [...]}}} first.' };
      try {
        const { added, skipped } = await api.call('mcp.import', { json });
        await get().loadMcpServers();
        return { ok: true, added, skipped };
      } catch (error) {
        return { ok: false, message: describeCallFailure(error) };
      }
    },

    setMcpToolEnabled(server, tool, enabled) {
      return attempt(async () => keep((await api.call('mcp.setToolEnabled', { name: server, tool, enabled })).server));
    },

    applyMcpEvents(events) {
      const updates = events.filter(isStatusEvent);
      // Before the first list arrives there is nothing to update: that list is at least as new.
      if (updates.length === 0 || get().mcpServers === null) return;
      set((state) => {
        let servers = state.mcpServers;
        for (const { server } of updates) servers = upsertServer(servers, server);
        return { mcpServers: servers };
      });
      refreshTools();
    },
  };
};

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends McpSlice {}
}
