import type { AlwaysAllowedTool } from '../../../../shared/approvals/always-allow';
import type { McpServerConfig, McpServerView } from '../../../../shared/mcp/mcp';
import type { McpStatusEvent, ModelEvent } from '../../../../shared/contract/events';
import type { McpAuthStatus } from '../../../../shared/mcp/mcp-auth';
import type { McpResourceContent, McpResourceInfo } from '../../../../shared/mcp/mcp-resources';
import type { ElicitationAnswer, McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';
import { inBrowserPage } from './links-slice';
import { applyElicitationEvents } from './mcp-elicitations';
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
  /** The user reviewed the server's changed and new tools: main pins them as they are now. */
  acceptMcpToolChanges(server: string): Promise<McpActionResult>;
  /** MCP tools the user always allows (main keeps them); null until first listed. */
  mcpAlwaysAllowed: AlwaysAllowedTool[] | null;
  loadMcpAlwaysAllowed(): Promise<McpActionResult>;
  /** Revoke "Always allow this tool": its next call asks again. */
  revokeMcpAlwaysAllowed(server: string, tool: string): Promise<McpActionResult>;
  /** Resources of the ready servers (for "Attach resource"); empty when they cannot be listed. */
  listMcpResources(): Promise<McpResourceInfo[]>;
  /** resources/read through main. */
  readMcpResource(server: string, uri: string): Promise<{ ok: true; content: McpResourceContent } | { ok: false; message: string }>;
  /** Whether main holds OAuth tokens for a URL server (null when it could not be asked). */
  mcpAuthStatus(name: string): Promise<McpAuthStatus | null>;
  /** Sign in through the system browser (main waits for it), or forget the tokens. */
  signInMcpServer(name: string): Promise<McpActionResult>;
  signOutMcpServer(name: string): Promise<McpActionResult>;
  /** The authorization page of a sign-in in progress, per server (to open it again if the tab was blocked). */
  mcpSignInPages: Record<string, string>;
  /** Forms MCP servers opened during tool calls (`mcp-elicitation`), until answered or withdrawn. */
  mcpElicitations: McpElicitationRequest[];
  /** accept (with the values) / decline / cancel; main checks the values. Returns main's refusal in words, or null. */
  answerElicitation(elicitationId: string, answer: ElicitationAnswer): Promise<string | null>;
  /** The `mcp-status` and elicitation events of one `model-events` batch. */
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
    mcpElicitations: [],
    mcpSignInPages: {},
    mcpAlwaysAllowed: null,

    loadMcpAlwaysAllowed() {
      return attempt(async () => set({ mcpAlwaysAllowed: (await api.call('mcp.alwaysAllowed.list', {})).tools }));
    },

    revokeMcpAlwaysAllowed(server, tool) {
      return attempt(async () => set({ mcpAlwaysAllowed: (await api.call('mcp.alwaysAllowed.revoke', { server, tool })).tools }));
    },

    async listMcpResources() {
      try {
        return (await api.call('mcp.resources.list', {})).resources;
      } catch {
        return [];
      }
    },

    async readMcpResource(server, uri) {
      try {
        return { ok: true, content: await api.call('mcp.resources.read', { server, uri }) };
      } catch (error) {
        return { ok: false, message: describeCallFailure(error) };
      }
    },

    async mcpAuthStatus(name) {
      try {
        return await api.call('mcp.auth.status', { name });
      } catch {
        return null;
      }
    },

    async signInMcpServer(name) {
      const result = await attempt(async () => keep((await api.call('mcp.auth.signIn', { name })).server));
      set((state) => ({ mcpSignInPages: Object.fromEntries(Object.entries(state.mcpSignInPages).filter(([server]) => server !== name)) }));
      return result;
    },

    signOutMcpServer(name) {
      return attempt(async () => keep((await api.call('mcp.auth.signOut', { name })).server));
    },

    async answerElicitation(elicitationId, answer) {
      try {
        const result = await api.call('mcp.elicitation.answer', { elicitationId, ...answer });
        if (result.accepted)
          set((state) => ({ mcpElicitations: state.mcpElicitations.filter((each) => each.elicitationId !== elicitationId) }));
        return result.accepted ? null : (result.message ?? 'The form was not accepted.');
      } catch (error) {
        return describeCallFailure(error);
      }
    },

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

    acceptMcpToolChanges(server) {
      return attempt(async () => keep((await api.call('mcp.acceptToolChanges', { name: server })).server));
    },

    applyMcpEvents(events) {
      for (const event of events)
        if (event.type === 'mcp-sign-in') {
          set((state) => ({ mcpSignInPages: { ...state.mcpSignInPages, [event.server]: event.url } }));
          // Electron's main opened the system browser itself; a browser page opens a tab (after main's guard).
          if (inBrowserPage()) void get().openLink(event.url);
        }
      const forms = applyElicitationEvents(get().mcpElicitations, events);
      if (forms !== get().mcpElicitations) set({ mcpElicitations: forms });
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
