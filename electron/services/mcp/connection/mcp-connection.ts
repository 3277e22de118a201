import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig, McpServerStatus } from '../../../../shared/mcp/mcp';
import type { McpClientHooks } from './mcp-client-hooks';
import { describeExit } from './mcp-errors';
import { listToolsWithinLimits } from './mcp-limits';
import { loadArgsValidator } from '../tools/json-schema-args';
import type { OpenedServer } from '../transport/server-transport';
import type { ProcessGroupTransport } from '../transport/process-group-transport';

/** The timings a connection uses (DEFAULTS.mcp, or shorter ones in tests). */
export interface ConnectionTimings {
  initializeTimeoutMs: number;
  restartInitialDelayMs: number;
  restartMaxDelayMs: number;
  restartResetAfterMs: number;
}

export interface ConnectionOptions {
  name: string;
  config: McpServerConfig;
  timings: ConnectionTimings;
  pathValue(): Promise<string>;
  clientVersion: string;
  /** Elicitation and OAuth for the server's client (optional). */
  hooks?: McpClientHooks;
  /** Status, tools or error changed. */
  onChange(): void;
  now(): number;
}

export interface ConnectionState {
  status: McpServerStatus;
  error: string | null;
  tools: Tool[];
  stderrTail: string[];
  pid: number | null;
}

/**
 * One MCP server: started in the background, `ready` once `initialize` and `tools/list` answered.
 * A server that closes while ready (crash, kill) is restarted after 1 s, then 2 s, 4 s ... up to
 * 30 s (DEFAULTS.mcp); its in-flight calls fail with the reason. Stop ends the process group.
 */
export class McpConnection {
  private state: ConnectionState = { status: 'stopped', error: null, tools: [], stderrTail: [], pid: null };
  private opened: OpenedServer | null = null;
  private process: ProcessGroupTransport | null = null;
  private generation = 0;
  private restartDelay: number;
  private restartTimer: NodeJS.Timeout | null = null;
  private readySince = 0;
  /** Why the last connection ended, for calls that were in flight. */
  private endReason: string | null = null;
  private readonly settledWaiters = new Set<() => void>();

  constructor(private readonly options: ConnectionOptions) {
    this.restartDelay = options.timings.restartInitialDelayMs;
  }

  get name(): string {
    return this.options.name;
  }

  view(): ConnectionState {
    const stderrTail = this.process ? this.process.stderr.lines() : this.state.stderrTail;
    return { ...this.state, tools: [...this.state.tools], stderrTail, pid: this.process?.pid ?? null };
  }

  client(): Client | null {
    return this.state.status === 'ready' ? (this.opened?.client ?? null) : null;
  }

  /** Why the connection ended (crash or stop), or null while it is up. */
  lastEndReason(): string | null {
    return this.endReason;
  }

  start(): void {
    this.clearRestart();
    const generation = ++this.generation;
    this.set({ status: 'starting', error: null, tools: [] });
    void this.connect(generation);
  }

  /** Resolves once the server is not starting (ready, failed or stopped). */
  settled(): Promise<void> {
    if (this.state.status !== 'starting' && this.restartTimer === null) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.add(resolve));
  }

  async stop(reason = 'The MCP server was stopped.'): Promise<void> {
    this.generation += 1;
    this.clearRestart();
    this.endReason = reason;
    const opened = this.opened;
    const process = this.process;
    this.opened = null;
    this.set({ status: 'stopped', error: null, tools: [], stderrTail: process?.stderr.lines() ?? this.state.stderrTail });
    this.process = null;
    await Promise.all([opened?.client.close().catch(() => undefined), process?.close().catch(() => undefined)]);
  }

  private async connect(generation: number): Promise<void> {
    let opened: OpenedServer;
    // The SDK and the arguments' validator load with the first server that starts, not with TACO.
    const [{ openServer, ServerStartError }] = await Promise.all([import('../transport/server-transport'), loadArgsValidator()]);
    const pathValue = await this.options.pathValue();
    // Stopped (disabled, quit) while loading: nothing may be spawned any more.
    if (generation !== this.generation) return;
    try {
      opened = await openServer({
        name: this.options.name,
        config: this.options.config,
        initializeTimeoutMs: this.options.timings.initializeTimeoutMs,
        pathValue,
        clientVersion: this.options.clientVersion,
        hooks: this.options.hooks,
        onProcess: (process) => {
          if (generation === this.generation) this.process = process;
          else void process.close();
        },
        onToolsChanged: () => {
          if (generation === this.generation) void this.refreshTools(generation);
        },
      });
    } catch (error) {
      if (generation !== this.generation) return;
      const stderrTail = this.process?.stderr.lines() ?? [];
      this.process = null;
      this.set({ status: 'failed', error: error instanceof ServerStartError ? error.message : String(error), tools: [], stderrTail });
      return;
    }
    if (generation !== this.generation) {
      await opened.client.close().catch(() => undefined);
      return;
    }
    this.opened = opened;
    this.endReason = null;
    opened.client.onclose = () => this.closed(generation);
    try {
      const tools = await this.listAllTools(opened.client);
      if (generation !== this.generation) return;
      this.readySince = this.options.now();
      this.set({ status: 'ready', error: null, tools, stderrTail: [] });
    } catch (error) {
      if (generation !== this.generation) return;
      await this.stopAfterFailure(`The server started but tools/list failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async stopAfterFailure(message: string): Promise<void> {
    const process = this.process;
    const opened = this.opened;
    this.generation += 1;
    this.opened = null;
    this.process = null;
    this.set({ status: 'failed', error: message, tools: [], stderrTail: process?.stderr.lines() ?? [] });
    await Promise.all([opened?.client.close().catch(() => undefined), process?.close().catch(() => undefined)]);
  }

  private listAllTools(client: Client): Promise<Tool[]> {
    return listToolsWithinLimits(client, this.options.timings.initializeTimeoutMs);
  }

  private async refreshTools(generation: number): Promise<void> {
    const client = this.opened?.client;
    if (!client) return;
    try {
      const tools = await this.listAllTools(client);
      if (generation === this.generation && this.state.status === 'ready') this.set({ tools });
    } catch {
      // The old list stays; a crash is handled by onclose.
    }
  }

  /** The connection ended without a stop: a crash. Restart with backoff. */
  private closed(generation: number): void {
    if (generation !== this.generation) return;
    const process = this.process;
    const exit = process?.exit ? describeExit(process.exit) : 'the connection closed';
    const stderrTail = process?.stderr.lines() ?? [];
    this.generation += 1;
    this.opened = null;
    this.process = null;
    if (this.readySince > 0 && this.options.now() - this.readySince >= this.options.timings.restartResetAfterMs)
      this.restartDelay = this.options.timings.restartInitialDelayMs;
    const delay = this.restartDelay;
    this.restartDelay = Math.min(this.restartDelay * 2, this.options.timings.restartMaxDelayMs);
    this.endReason = `The MCP server "${this.options.name}" stopped during the call (${exit}).`;
    this.set({
      status: 'failed',
      error: `The server stopped unexpectedly (${exit}); restarting in ${formatSeconds(delay)}.`,
      tools: [],
      stderrTail,
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.start();
    }, delay);
    this.restartTimer.unref();
  }

  private clearRestart(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  private set(patch: Partial<ConnectionState>): void {
    this.state = { ...this.state, ...patch };
    this.options.onChange();
    if (this.state.status !== 'starting' && this.restartTimer === null) {
      for (const resolve of [...this.settledWaiters]) resolve();
      this.settledWaiters.clear();
    }
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
