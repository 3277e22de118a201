import type {
  RegistryInstallRequest,
  RegistryPlanResult,
  RegistryServerSummary,
  RegistryUpdate,
} from '../../../../shared/mcp/mcp-registry';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import { upsertServer } from './mcp-slice';

/** What the Browse view lists: the pages read so far for one search. */
export interface RegistryListing {
  query: string;
  servers: RegistryServerSummary[];
  nextCursor: string | null;
  /** Entries the registry sent that main found invalid (not shown). */
  skipped: number;
}

export type RegistryPlanAnswer = { ok: true; result: RegistryPlanResult } | { ok: false; message: string };

/** Settings → MCP servers → Browse: main asks the registry and decides what an install runs; this keeps what it answered. */
export interface McpRegistrySlice {
  registryListing: RegistryListing | null;
  /** Why the registry could not be searched, in main's words. */
  registryError: string | null;
  registryLoading: boolean;
  /** A new search (the first page). */
  searchRegistry(query: string): Promise<void>;
  /** The next page of the current search. */
  loadMoreRegistry(): Promise<void>;
  planRegistryInstall(server: string, version: string): Promise<RegistryPlanAnswer>;
  /** Installs (or updates) exactly the plan shown; the server joins the list as main answers it. */
  installFromRegistry(request: RegistryInstallRequest): Promise<{ ok: true; name: string } | { ok: false; message: string }>;
  /** Registry-installed servers with a newer version (null until asked; the error says why it could not be asked). */
  registryUpdates: RegistryUpdate[] | null;
  registryUpdatesError: string | null;
  loadRegistryUpdates(): Promise<void>;
}

export const createMcpRegistrySlice: SliceCreator<McpRegistrySlice> = (set, get, { api }) => ({
  registryListing: null,
  registryError: null,
  registryLoading: false,
  registryUpdates: null,
  registryUpdatesError: null,

  async searchRegistry(query) {
    set({ registryLoading: true, registryError: null });
    try {
      const page = await api.call('mcp.registry.search', { query, cursor: null });
      set({ registryListing: { query, ...page }, registryLoading: false });
    } catch (error) {
      set({ registryError: describeCallFailure(error), registryLoading: false });
    }
  },

  async loadMoreRegistry() {
    const listing = get().registryListing;
    if (!listing?.nextCursor || get().registryLoading) return;
    set({ registryLoading: true, registryError: null });
    try {
      const page = await api.call('mcp.registry.search', { query: listing.query, cursor: listing.nextCursor });
      const seen = new Set(listing.servers.map((server) => server.name));
      set({
        registryListing: {
          query: listing.query,
          servers: [...listing.servers, ...page.servers.filter((server) => !seen.has(server.name))],
          nextCursor: page.nextCursor,
          skipped: listing.skipped + page.skipped,
        },
        registryLoading: false,
      });
    } catch (error) {
      set({ registryError: describeCallFailure(error), registryLoading: false });
    }
  },

  async planRegistryInstall(server, version) {
    try {
      return { ok: true, result: await api.call('mcp.registry.plan', { server, version }) };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  },

  async installFromRegistry(request) {
    try {
      const { server } = await api.call('mcp.registry.install', request);
      set((state) => ({
        mcpServers: upsertServer(state.mcpServers, server),
        registryUpdates: state.registryUpdates?.filter((update) => update.localName !== server.name) ?? null,
      }));
      if (get().tools !== null) void get().loadTools({ force: true });
      return { ok: true, name: server.name };
    } catch (error) {
      return { ok: false, message: describeCallFailure(error) };
    }
  },

  async loadRegistryUpdates() {
    try {
      const { updates } = await api.call('mcp.registry.updates', {});
      set({ registryUpdates: updates, registryUpdatesError: null });
    } catch (error) {
      set({ registryUpdatesError: describeCallFailure(error) });
    }
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends McpRegistrySlice {}
}
