import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelEvent, TacoEvent } from '../../../../shared/contract/events';
import type { McpServerView } from '../../../../shared/mcp/mcp';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { MCP_TEST_TIMEOUT_MS } from '../../../../test-support/mcp/mcp-test-servers';
import { startOAuthMcpServer } from '../../../../test-support/mcp/oauth-mcp-server';
import { createTestToolContext } from '../../../../tools/catalogue/tool-test-context';
import { createMcpService } from '../mcp-service';
import { TEST_TIMINGS } from '../testing/mcp-harness';
import { loopbackAuthorizer } from './loopback-authorizer';
import { createMcpAuth } from './mcp-auth';
import { createTokenStore } from './token-store';

const cleanups = cleanupAfterEach(MCP_TEST_TIMEOUT_MS);

/** Every file under `folder` with its text. */
function filesUnder(folder: string): Array<{ file: string; text: string }> {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file: path.relative(folder, file), text: readFileSync(file, 'utf8') };
    });
}

async function setup() {
  const server = await startOAuthMcpServer();
  cleanups.defer(() => server.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taco-mcp-auth-'));
  cleanups.defer(async () => rmSync(dataDir, { recursive: true, force: true }));
  writeFileSync(path.join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { remote: { url: server.url, approval: 'never-ask' } } }));
  const opened: string[] = [];
  // The "system browser": follows the authorization page's redirect to TACO's loopback, as a browser would.
  const openBrowser = async (url: string) => {
    opened.push(url);
    const page = await fetch(url);
    await page.text();
    return { opened: true, message: null };
  };
  const events: TacoEvent[] = [];
  const modelEvents: ModelEvent[] = [];
  const logs: string[] = [];
  const service = createMcpService({
    dataDir,
    emit: (event) => events.push(event),
    timings: TEST_TIMINGS,
    pathValue: async () => process.env.PATH ?? '',
    log: (line) => logs.push(line),
    auth: createMcpAuth({
      store: createTokenStore(dataDir, null),
      authorizer: loopbackAuthorizer({ openBrowser, timeoutMs: 60_000 }),
      now: Date.now,
    }),
  });
  cleanups.defer(() => service.dispose());
  const latest = new Map<string, McpServerView>();
  const wakes = new Set<() => void>();
  service.subscribe((event) => {
    modelEvents.push(event);
    if (event.type === 'mcp-status') latest.set(event.server.name, event.server);
    for (const wake of [...wakes]) wake();
  });
  const waitFor = (want: (view: McpServerView) => boolean): Promise<McpServerView> =>
    new Promise((resolve) => {
      const check = (): void => {
        const view = latest.get('remote');
        if (view && want(view)) {
          wakes.delete(check);
          resolve(view);
        }
      };
      wakes.add(check);
      check();
    });
  return { server, dataDir, service, opened, events, modelEvents, logs, waitFor };
}

describe(
  'OAuth for a remote MCP server: sign in through the browser and a loopback redirect, refresh, sign out',
  { timeout: MCP_TEST_TIMEOUT_MS },
  () => {
    it('asks for sign-in instead of opening a browser on its own; Sign in connects; the token is refreshed silently; Sign out forgets it', async () => {
      const t = await setup();
      const failed = await t.waitFor((view) => view.status === 'failed');
      expect(failed.error).toMatch(/sign in/i);
      expect(t.opened).toEqual([]);
      await expect(t.service.authStatus('remote')).resolves.toMatchObject({ state: 'signed-out' });

      const signedIn = await t.service.signIn('remote');
      expect(t.opened).toHaveLength(1);
      const authorization = new URL(t.opened[0] ?? '');
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect(authorization.searchParams.get('scope')).toBe('mcp:tools');
      expect(authorization.searchParams.get('resource')).toBe(t.server.url);
      expect(signedIn.name).toBe('remote');
      // A browser page host is told the page too (it opens the tab there).
      expect(t.modelEvents.filter((event) => event.type === 'mcp-sign-in')).toEqual([
        { type: 'mcp-sign-in', server: 'remote', url: t.opened[0] },
      ]);
      await t.waitFor((view) => view.status === 'ready');
      await expect(t.service.authStatus('remote')).resolves.toMatchObject({ state: 'signed-in' });
      const tool = t.service.tools().find((each) => each.info.toolId === 'mcp__remote__whoami');
      await expect(tool?.run({}, createTestToolContext())).resolves.toMatchObject({ output: 'signed in' });

      // Tokens live in the token store only: 0600, and nowhere else in the data folder, events or logs.
      const tokenFile = path.join(t.dataDir, 'mcp-auth', 'remote.json');
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(tokenFile)).mode & 0o777).toBe(0o700);
      const outside = filesUnder(t.dataDir).filter((each) => !each.file.startsWith(`mcp-auth${path.sep}`));
      const everythingSaid = JSON.stringify([t.events, t.modelEvents, t.logs, t.service.list(), outside]);
      for (const token of t.server.issued) expect(everythingSaid).not.toContain(token);
      expect(readFileSync(tokenFile, 'utf8')).toContain(t.server.issued[0]);

      // An expired access token: the next connection refreshes it without the browser.
      t.server.expireAccessTokens();
      await t.service.restart('remote');
      await t.waitFor((view) => view.status === 'ready');
      expect(t.server.grants).toEqual(['authorization_code', 'refresh_token']);
      expect(t.opened).toHaveLength(1);

      await t.service.signOut('remote');
      await expect(t.service.authStatus('remote')).resolves.toMatchObject({ state: 'signed-out' });
      const after = await t.waitFor((view) => view.status === 'failed');
      expect(after.error).toMatch(/sign in/i);
      expect(filesUnder(t.dataDir).some((each) => each.file.startsWith('mcp-auth') && each.text.includes('access_token'))).toBe(false);
    });
  },
);
