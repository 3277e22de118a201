import { seriousViolations } from '../support/axe';
import { startFakeRegistry, type FakeRegistry } from '../../test-support/fake-mcp-registry/fake-registry';
import { allFixtures, EVERYTHING_VERSION } from '../../test-support/fake-mcp-registry/registry-fixtures';
import { expect, test } from '../support/taco-fixture';
import type { Page } from '@playwright/test';

/** npx resolves the pinned reference server from the project's node_modules; the machine is shared. */
const READY_TIMEOUT = 60_000;

/** Settings → Approvals: private addresses allowed (the fake registry is on 127.0.0.1), then Browse with the fake's address. */
async function browseFakeRegistry(page: Page, registry: FakeRegistry): Promise<void> {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByTestId('settings-tab-approvals').click();
  await dialog.getByTestId('settings-private-network').click();
  await dialog.getByTestId('settings-save').click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-tab-mcp').click();
  await page.getByTestId('mcp-view-browse').click();
  await page.getByTestId('mcp-registry-url').fill(registry.url);
  await page.getByTestId('mcp-registry-url-save').click();
  await expect(page.locator('[data-testid="mcp-registry-server"][data-server="io.github.modelcontextprotocol/everything"]')).toBeVisible();
}

test.describe('installing from the MCP registry', () => {
  test.describe.configure({ timeout: 120_000 });

  test('browse → install (the exact command shown first) → the server starts and its tools are listed for review', async ({
    taco,
    page,
  }) => {
    const registry = await startFakeRegistry({ entries: allFixtures(), pageSize: 5 });
    try {
      const ollama = await taco.startFakeOllama('basic-chat');
      await taco.openApp({ ollamaUrl: ollama.url });
      await browseFakeRegistry(page, registry);

      await expect(page.getByTestId('mcp-registry-count')).toContainText('One entry the registry sent was not valid');
      const legacy = page.locator('[data-testid="mcp-registry-server"][data-server="io.github.old/legacy-files"]');
      await expect(legacy.getByTestId('mcp-registry-deprecated')).toHaveText('Deprecated');
      await page.getByTestId('mcp-registry-more').click();
      await expect(page.locator('[data-testid="mcp-registry-server"][data-server="io.github.acme/container"]')).toBeVisible();
      await expect(page.getByTestId('mcp-registry-more')).toHaveCount(0);

      expect(await seriousViolations(page)).toEqual([]);

      await page
        .locator('[data-testid="mcp-registry-server"][data-server="io.github.evil/inject"]')
        .getByTestId('mcp-registry-install')
        .click();
      await expect(page.getByTestId('mcp-registry-refused')).toContainText('shell metacharacter ";"');
      await page.getByTestId('mcp-registry-install-dialog').getByRole('button', { name: 'Close' }).first().click();

      await page
        .locator('[data-testid="mcp-registry-server"][data-server="io.github.modelcontextprotocol/everything"]')
        .getByTestId('mcp-registry-install')
        .click();
      const install = page.getByTestId('mcp-registry-install-dialog');
      await expect(install.getByTestId('mcp-registry-command')).toHaveText(
        `npx -y @modelcontextprotocol/server-everything@${EVERYTHING_VERSION} stdio`,
      );
      await expect(install.getByTestId('mcp-registry-sandbox')).toContainText("network: only registry.npmjs.org, through TACO's proxy");
      await install.getByTestId('mcp-registry-install-confirm').click();
      await expect(install.getByTestId('mcp-registry-installed')).toContainText('Installed as everything');
      await install.getByTestId('mcp-registry-installed-close').click();

      await page.getByTestId('mcp-view-servers').click();
      const row = page.locator('[data-testid="mcp-server"][data-server="everything"]');
      await expect(row).toHaveAttribute('data-status', 'ready', { timeout: READY_TIMEOUT });
      await expect(row.getByTestId('mcp-transport')).toContainText(`@modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`);
      await row.getByTestId('mcp-tools-toggle').click();
      await expect(row.locator('[data-testid="mcp-tool"][data-tool="echo"]')).toBeVisible();
      // A fresh install: every tool waits for its first review, and nothing "changed since you reviewed" it.
      await expect(row.getByTestId('mcp-tool-changes')).toContainText('tools of this server are not reviewed yet');
      await expect(row.getByTestId('mcp-tool-changes')).not.toContainText(/changed/i);
      await expect(row.getByTestId('mcp-tool-changed')).toHaveCount(0);
      await expect(row.locator('[data-testid="mcp-tool"][data-tool="echo"]').getByTestId('mcp-tool-unreviewed')).toHaveText(
        'not reviewed yet',
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await registry.close();
    }
  });
});
