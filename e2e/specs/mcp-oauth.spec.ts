import type { Page } from '@playwright/test';
import { startOAuthMcpServer } from '../../test-support/mcp/oauth-mcp-server';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

const READY_TIMEOUT = 45_000;
const TOOL = 'mcp__remote__whoami';

const serverRow = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-server="${name}"]`);

test.describe('MCP sign-in (OAuth)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('signs in to an OAuth-protected server through the browser, calls its tool, and signs out', async ({ taco, page }) => {
    // A local MCP server and authorization server (test-support/mcp/oauth-mcp-server.ts) on 127.0.0.1.
    const remote = await startOAuthMcpServer();
    try {
      // The fake model calls the mcp__ tool the message names (test-support/fake-ollama/scenarios/tools/mcp-echo.ts).
      const ollama = await taco.startFakeOllama('mcp-echo');
      await taco.openApp({ ollamaUrl: ollama.url });
      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-tab-mcp').click();
      await page.getByTestId('mcp-paste-json').click();
      await page.getByTestId('mcp-import-json').fill(JSON.stringify({ mcpServers: { remote: { url: remote.url } } }));
      await page.getByTestId('mcp-import-submit').click();
      const row = serverRow(page, 'remote');
      await row.getByTestId('mcp-server-enabled').click();
      await expect(row).toHaveAttribute('data-status', 'failed', { timeout: READY_TIMEOUT });
      await expect(row.getByTestId('mcp-error')).toContainText('sign in');

      // The authorization page opens in a new tab; the server redirects it to TACO's loopback.
      const popup = page.waitForEvent('popup');
      await row.getByTestId('mcp-sign-in-button').click();
      const tab = await popup;
      await expect(tab.locator('body')).toContainText('Signed in. You can close this tab and return to TACO.');
      await tab.close();
      await page.bringToFront();
      await expect(row).toHaveAttribute('data-status', 'ready', { timeout: READY_TIMEOUT });
      await expect(row.getByTestId('mcp-signed-in')).toHaveText('Signed in');
      expect(remote.grants).toEqual(['authorization_code']);
      await taco.screenshot('mcp-signed-in');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-tab-mcp')).toHaveCount(0);

      await pickModel(page, 'llama3.2:3b');
      await page.getByTestId('composer').fill(`Who am I? Use ${TOOL}`);
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('approval-card').getByTestId('approval-allow-once').click();
      await expect(page.getByTestId('answer-text').last()).toContainText(`The MCP tool ${TOOL} answered: signed in`);

      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-tab-mcp').click();
      await row.getByTestId('mcp-sign-out').click();
      await expect(row.getByTestId('mcp-sign-in-button')).toBeVisible();
      await expect(row).toHaveAttribute('data-status', 'failed', { timeout: READY_TIMEOUT });
    } finally {
      await remote.close();
    }
  });
});
