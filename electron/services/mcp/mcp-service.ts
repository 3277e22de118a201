import path from 'node:path';
import { DEFAULTS } from '../../../shared/constants';
import { ContractError } from '../../../shared/contract/contract-error';
import type { TacoEvent } from '../../../shared/contract/events';
import type { McpServerConfig, McpServerView } from '../../../shared/mcp/mcp';
import type { RegisteredTool } from '../../../tools/catalogue/tool-runtime-types';
import { userPath } from './transport/command-resolver';
import { mcpConfigSecrets } from '../provider/raw-log/known-secrets';
import { saveMcpFile, type ParsedMcpConfig } from './config/mcp-config';
import { createMcpCaller } from './tools/mcp-caller';
import type { McpClientHooks } from './connection/mcp-client-hooks';
import { createActiveCalls, trackCalls } from './elicitation/active-calls';
import { createElicitationBroker } from './elicitation/elicitation-broker';
import { usesOAuth, type McpAuth } from './auth/mcp-auth';
import { unattendedElicitation, type UnattendedElicitation } from './elicitation/elicitation-defaults';
import { McpConnection, type ConnectionTimings } from './connection/mcp-connection';
import { planImport } from './config/mcp-import';
import { createMcpEventHub } from './mcp-event-hub';
import { newEntry, NO_TOOLS, type McpServerEntry as Entry } from './mcp-server-entry';
import { serverContent } from './mcp-server-content';
import { loadServers, type InvalidServer } from './config/mcp-service-load';
import type { McpService } from './mcp-service-types';
import { adaptServerTools, type McpCaller } from './tools/mcp-tool-adapter';
import { createRecentCalls } from './apps/recent-calls';
import { serverLocation } from './config/server-location';
import { invalidServerView, serverView, unmaskSecrets } from './mcp-views';
import { createToolPins, type ToolPins } from './tools/tool-pinning';
import { createToolReviews, sameTools } from './tools/tool-review';

export interface McpServiceOptions {
  dataDir: string;
  /** CLI --mcp-config: servers for this run only (never written to mcp.json). */
  extraConfigFile?: string | null;
  /** Tool progress goes to the run's events. */
  emit(event: TacoEvent): void;
  /** Shorter timings for tests; DEFAULTS.mcp otherwise. */
  timings?: Partial<ConnectionTimings>;
  /** The PATH servers are looked up in (default: login-shell PATH + ours). */
  pathValue?: () => Promise<string>;
  now?: () => number;
  /** Where load problems are reported (never with env or header values). */
  log?: (message: string) => void;
  clientVersion?: string;
  /** The reviewed tool fingerprints (default: mcp-tool-pins.json in the data folder). */
  pins?: ToolPins;
  /** Who answers elicitation and signs HTTP requests with OAuth tokens (optional). */
  hooks?: McpClientHooks;
  /** OAuth for URL servers without an Authorization header (auth/mcp-auth.ts); none: fixed headers only. */
  auth?: McpAuth;
  /** Nobody at a form (CLI): answer elicitation with the schema's defaults, or decline. Default: ask the user. */
  unattendedElicitation?: UnattendedElicitation;
}

/** The app's MCP servers (see McpService). Loads mcp.json and starts the enabled servers in the background. */
export function createMcpService(options: McpServiceOptions): McpService {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(`[mcp] ${message}`));
  const file = path.join(options.dataDir, DEFAULTS.mcp.configFileName);
  const timings: ConnectionTimings = {
    initializeTimeoutMs: options.timings?.initializeTimeoutMs ?? DEFAULTS.mcp.initializeTimeoutMs,
    restartInitialDelayMs: options.timings?.restartInitialDelayMs ?? DEFAULTS.mcp.restartInitialDelayMs,
    restartMaxDelayMs: options.timings?.restartMaxDelayMs ?? DEFAULTS.mcp.restartMaxDelayMs,
    restartResetAfterMs: options.timings?.restartResetAfterMs ?? DEFAULTS.mcp.restartResetAfterMs,
  };
  const pathValue = options.pathValue ?? (() => userPath());
  const pins = options.pins ?? createToolPins(options.dataDir);
  const reviews = createToolReviews(pins, log);
  const entries = new Map<string, Entry>();
  const invalid = new Map<string, InvalidServer>();
  const events = createMcpEventHub(log);
  const broadcast = events.broadcast;
  let registered: RegisteredTool[] = [];
  let disposed = false;
  let chain: Promise<unknown> = Promise.resolve();

  const emitStatus = (name: string): void => {
    const view = viewOf(name);
    if (view) broadcast({ type: 'mcp-status', server: view });
  };
  const activeCalls = createActiveCalls();
  const elicitation = createElicitationBroker({ emit: broadcast, calls: activeCalls });
  const { auth } = options;
  // In a browser page host main cannot open the user's browser: the page opens the sign-in page.
  auth?.onAuthorizationPage((server, url) => broadcast({ type: 'mcp-sign-in', server, url }));
  const hooks: McpClientHooks = {
    elicit: options.unattendedElicitation ? unattendedElicitation(options.unattendedElicitation) : elicitation.elicit,
    authFetch: (server, url, next) => (auth && usesOAuth(entries.get(server)?.config) ? auth.authFetch(server, url, next) : null),
    ...options.hooks,
  };

  const viewOf = (name: string): McpServerView | null => {
    const entry = entries.get(name);
    if (entry) return serverView(name, entry.config, reviews.gate(entry, entry.connection?.view() ?? null), entry.tools.views);
    const bad = invalid.get(name);
    return bad ? invalidServerView(name, bad.message) : null;
  };

  const rebuildTools = (name: string): void => {
    const entry = entries.get(name);
    if (!entry) return;
    const state = entry.connection?.view();
    const location = serverLocation(entry.config);
    entry.tools =
      state?.status === 'ready'
        ? adaptServerTools(state.tools, {
            server: name,
            location,
            remote: typeof entry.config.url === 'string' && entry.config.url !== '',
            approval: entry.config.approval ?? 'ask',
            unreviewed: reviews.unreviewed(
              { name, location },
              entry,
              state.tools,
              () => entries.get(name) === entry && sameTools(entry.connection?.view().tools ?? [], state.tools),
              () => changed(name),
            ),
            disabledTools: new Set(entry.config.disabledTools ?? []),
            call,
            emit: options.emit,
            now,
          })
        : NO_TOOLS;
    registered = [...entries.values()].flatMap((each) => each.tools.registered);
  };

  const changed = (name: string): void => {
    rebuildTools(name);
    emitStatus(name);
  };

  const startEntry = (name: string, entry: Entry): void => {
    if (disposed || entry.config.enabled === false) return;
    const connection = new McpConnection({
      name,
      config: entry.config,
      timings,
      pathValue,
      clientVersion: options.clientVersion ?? '0.1.0',
      hooks,
      onChange: () => {
        if (entries.get(name)?.connection === connection) changed(name);
      },
      now,
    });
    entry.connection = connection;
    connection.start();
  };

  const stopEntry = async (entry: Entry | undefined, reason?: string): Promise<void> => {
    const connection = entry?.connection;
    if (!entry || !connection) return;
    entry.connection = null;
    entry.tools = NO_TOOLS;
    await connection.stop(reason);
  };

  const tracked = trackCalls(
    createMcpCaller((server) => entries.get(server)),
    activeCalls,
  );
  // A run's MCP calls are remembered with their raw results: the tool's app opens on one of them.
  const recentCalls = createRecentCalls(DEFAULTS.mcpApps.rememberedCalls);
  const call: McpCaller = async (server, tool, args, callOptions) => {
    const result = await tracked(server, tool, args, callOptions);
    const origin = callOptions.origin;
    if (origin)
      recentCalls.remember(origin.callId, { server, tool, args, result, conversationId: origin.conversationId, runId: origin.runId });
    return result;
  };

  /** Serialises changes to the configuration (and its file). */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };

  const persist = (): Promise<void> => {
    const servers = new Map<string, McpServerConfig>();
    for (const [name, entry] of entries) if (entry.persisted) servers.set(name, entry.config);
    const config: ParsedMcpConfig = { servers, invalid };
    return saveMcpFile(file, config);
  };

  const mustGet = (name: string): Entry => {
    const entry = entries.get(name);
    if (!entry) throw new ContractError('not-found', `There is no MCP server named "${name}".`);
    return entry;
  };

  const restartEntry = async (name: string, entry: Entry): Promise<void> => {
    await stopEntry(entry, `The MCP server "${name}" was restarted during the call.`);
    startEntry(name, entry);
    changed(name);
  };

  const loaded = serial(async () => {
    await loadServers({ entries, invalid }, { file, extraConfigFile: options.extraConfigFile, now: now(), log });
    for (const [name, entry] of entries) startEntry(name, entry);
    for (const name of [...entries.keys(), ...invalid.keys()]) emitStatus(name);
  });
  loaded.catch((error: unknown) => log(`MCP servers could not be loaded: ${error instanceof Error ? error.message : String(error)}`));

  return {
    secretValues: () => mcpConfigSecrets([...entries.values()].map((entry) => entry.config)),
    list: () => [...new Set([...entries.keys(), ...invalid.keys()])].sort().flatMap((name) => viewOf(name) ?? []),
    configOf: (name) => entries.get(name)?.config ?? null,
    save: (name, config, replace, saveOptions) =>
      serial(async () => {
        const existing = entries.get(name);
        if ((existing || invalid.has(name)) && !replace)
          throw new ContractError(
            'invalid-payload',
            `mcp.save: a server named "${name}" already exists; choose another name or replace it.`,
          );
        if (!existing && !invalid.has(name) && entries.size >= DEFAULTS.mcp.maxServers)
          throw new ContractError('invalid-payload', `mcp.save: at most ${DEFAULTS.mcp.maxServers} MCP servers can be configured.`);
        const merged = unmaskSecrets(name, config, existing?.config);
        await stopEntry(existing, `The MCP server "${name}" was changed during the call.`);
        // A sign-in belongs to the address it was made for: a new server, or one moved, starts signed out.
        const moved = existing !== undefined && existing.config.url !== merged.url;
        if (!existing || moved) await auth?.signOut(name);
        // And a review: the tools at the new address or command ask until the user accepts them.
        const location = serverLocation(merged);
        const relocated = existing !== undefined && serverLocation(existing.config) !== location;
        if (relocated || saveOptions?.reviewTools) await pins.reset({ name, location });
        const entry = newEntry(merged, true);
        entries.set(name, entry);
        invalid.delete(name);
        await persist();
        startEntry(name, entry);
        changed(name);
        return viewOf(name) as McpServerView;
      }),
    remove: (name) =>
      serial(async () => {
        const entry = entries.get(name);
        if (!entry && !invalid.has(name)) throw new ContractError('not-found', `There is no MCP server named "${name}".`);
        await stopEntry(entry, `The MCP server "${name}" was removed during the call.`);
        await auth?.signOut(name);
        entries.delete(name);
        invalid.delete(name);
        registered = [...entries.values()].flatMap((each) => each.tools.registered);
        await persist();
        // Its pins go, unless another server runs at the same location (they are that server's too).
        const location = entry ? serverLocation(entry.config) : null;
        if (location !== null && ![...entries.values()].some((other) => serverLocation(other.config) === location))
          await pins.forget({ name, location });
      }),
    setEnabled: (name, enabled) =>
      serial(async () => {
        const entry = mustGet(name);
        entry.config = { ...entry.config, enabled };
        if (entry.persisted) await persist();
        if (enabled) {
          if (!entry.connection) startEntry(name, entry);
        } else await stopEntry(entry, `The MCP server "${name}" was disabled during the call.`);
        changed(name);
        return viewOf(name) as McpServerView;
      }),
    restart: (name) =>
      serial(async () => {
        const entry = mustGet(name);
        if (entry.config.enabled === false)
          throw new ContractError('invalid-payload', `mcp.restart: the MCP server "${name}" is disabled; enable it to start it.`);
        await restartEntry(name, entry);
        return viewOf(name) as McpServerView;
      }),
    importJson: (json) =>
      serial(async () => {
        const plan = planImport(json, new Set([...entries.keys(), ...invalid.keys()]));
        for (const [name, config] of plan.added) {
          // Whatever a server of that name left behind is not this one's sign-in.
          await auth?.signOut(name);
          entries.set(name, newEntry(config, true));
        }
        if (plan.added.size > 0) await persist();
        for (const name of plan.added.keys()) emitStatus(name);
        return { added: [...plan.added.keys()], skipped: plan.skipped };
      }),
    setToolEnabled: (name, tool, enabled) =>
      serial(async () => {
        const entry = mustGet(name);
        const disabled = new Set(entry.config.disabledTools ?? []);
        if (enabled) disabled.delete(tool);
        else disabled.add(tool);
        entry.config = { ...entry.config, disabledTools: [...disabled].sort() };
        if (entry.persisted) await persist();
        changed(name);
        return viewOf(name) as McpServerView;
      }),
    acceptToolChanges: (name) =>
      serial(async () => {
        const entry = mustGet(name);
        const state = entry.connection?.view();
        if (state?.status !== 'ready')
          throw new ContractError(
            'invalid-payload',
            `mcp.acceptToolChanges: the MCP server "${name}" is not ready; start it to review its tools.`,
          );
        await pins.accept({ name, location: serverLocation(entry.config) }, state.tools);
        entry.reviewed = { tools: state.tools, unreviewed: new Map() };
        changed(name);
        return viewOf(name) as McpServerView;
      }),
    tools: () => registered,
    callForApp: (server, tool, args, signal) => tracked(server, tool, args, { signal, onProgress: () => undefined }),
    recentCall: (callId) => recentCalls.get(callId),
    ...serverContent(entries, loaded, timings.initializeTimeoutMs),
    async authStatus(name) {
      const entry = mustGet(name);
      return auth && usesOAuth(entry.config) && entry.config.url !== undefined
        ? auth.status(name, new URL(entry.config.url))
        : { state: 'signed-out', account: null, signedInAt: null };
    },
    async signIn(name) {
      const entry = mustGet(name);
      if (!auth || !usesOAuth(entry.config) || entry.config.url === undefined)
        throw new ContractError(
          'invalid-payload',
          `mcp.auth.signIn: "${name}" is not a URL server that signs in (it sends its own Authorization header, or runs as a command).`,
        );
      // The browser part runs outside the queue: other changes go on while the user signs in.
      await auth.signIn(name, new URL(entry.config.url), options.clientVersion ?? '0.1.0');
      return serial(async () => {
        await restartEntry(name, mustGet(name));
        return viewOf(name) as McpServerView;
      });
    },
    signOut: (name) =>
      serial(async () => {
        const entry = mustGet(name);
        await auth?.signOut(name);
        if (entry.connection) await restartEntry(name, entry);
        return viewOf(name) as McpServerView;
      }),
    answerElicitation: (elicitationId, action, content) => elicitation.answer(elicitationId, action, content),
    pendingElicitations: (conversationId) => elicitation.pendingFor(conversationId),
    subscribe: events.subscribe,
    async settled(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      const all = loaded
        .catch(() => undefined)
        .then(() => Promise.all([...entries.values()].map((entry) => entry.connection?.settled() ?? Promise.resolve())))
        .then(() => reviews.idle());
      await Promise.race([all, expired]);
      clearTimeout(timer);
    },
    async dispose() {
      disposed = true;
      elicitation.dispose();
      await auth?.close();
      await loaded.catch(() => undefined);
      await Promise.all([...entries.values()].map((entry) => stopEntry(entry, 'TACO is shutting down; the MCP server was stopped.')));
      registered = [];
      events.clear();
    },
  };
}
