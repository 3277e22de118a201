import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { McpServerConfig, McpServerStatus, McpServerView } from '../../../../shared/mcp/mcp';
import { createTestToolContext } from '../../../../tools/catalogue/tool-test-context';
import type { RegisteredTool, ToolContext, ToolOutcome } from '../../../../tools/catalogue/tool-runtime-types';
import { cleanupAfterEach, type Cleanups } from '../../../../test-support/cleanups';
import { MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { createMcpService, type McpServiceOptions } from '../mcp-service';
import type { McpService } from '../mcp-service-types';

/** Generous timings: the test machine is loaded; nothing here waits for a timer unless the test is about it. */
export const TEST_TIMINGS = { initializeTimeoutMs: 60_000, restartInitialDelayMs: 50, restartMaxDelayMs: 200, restartResetAfterMs: 60_000 };

export interface Harness {
  service: McpService;
  dataDir: string;
  events: TacoEvent[];
  /** Resolves with the server's view once it reaches `status` (from mcp-status events, never by polling). */
  waitFor(name: string, status: McpServerStatus | ((view: McpServerView) => boolean)): Promise<McpServerView>;
  tool(qualifiedName: string): RegisteredTool;
  run(qualifiedName: string, args: Record<string, unknown>, context?: Partial<ToolContext>): Promise<ToolOutcome>;
  close(): Promise<void>;
}

/**
 * An MCP service over a fresh data folder whose mcp.json holds `servers`; or over `overrides.dataDir`
 * (a later start of the app: its mcp.json is written anew, the folder is left for its owner to remove).
 */
export function startMcpHarness(servers: Record<string, McpServerConfig>, overrides: Partial<McpServiceOptions> = {}): Harness {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'taco-mcp-'));
  writeFileSync(path.join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  const events: TacoEvent[] = [];
  const service = createMcpService({
    dataDir,
    emit: (event) => events.push(event),
    timings: TEST_TIMINGS,
    pathValue: async () => process.env.PATH ?? '',
    log: () => undefined,
    ...overrides,
  });
  const latest = new Map<string, McpServerView>();
  const waiters = new Set<() => void>();
  service.subscribe((event) => {
    if (event.type !== 'mcp-status') return;
    latest.set(event.server.name, event.server);
    for (const wake of [...waiters]) wake();
  });
  const matches = (view: McpServerView | undefined, want: McpServerStatus | ((view: McpServerView) => boolean)): boolean =>
    view !== undefined && (typeof want === 'function' ? want(view) : view.status === want);
  const tool = (qualifiedName: string): RegisteredTool => {
    const found = service.tools().find((each) => each.info.toolId === qualifiedName);
    if (!found)
      throw new Error(
        `no MCP tool ${qualifiedName}; have ${service
          .tools()
          .map((each) => each.info.toolId)
          .join(', ')}`,
      );
    return found;
  };
  return {
    service,
    dataDir,
    events,
    waitFor(name, want) {
      return new Promise((resolve) => {
        const check = (): void => {
          const view = latest.get(name) ?? service.list().find((each) => each.name === name);
          if (matches(view, want) && view) {
            waiters.delete(check);
            resolve(view);
          }
        };
        waiters.add(check);
        check();
      });
    },
    tool,
    run: (qualifiedName, args, context = {}) => {
      const registered = tool(qualifiedName);
      const parsed = registered.argsSchema.parse(args);
      return registered.run(parsed, createTestToolContext(context));
    },
    async close() {
      await service.dispose();
      if (overrides.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** For a test file: `harness` starts one that closes after the test, with whatever else the test defers to `cleanups`. */
export function mcpHarnessesClosedAfterEach(): { harness: typeof startMcpHarness; cleanups: Cleanups } {
  const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);
  const harness: typeof startMcpHarness = (...args) => {
    const started = startMcpHarness(...args);
    cleanups.defer(() => started.close());
    return started;
  };
  return { harness, cleanups };
}
