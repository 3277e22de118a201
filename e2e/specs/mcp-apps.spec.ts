import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../support/processes';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/** The official example MCP App server (a devDependency): get-time, with its vanilla JS app. */
const BASIC = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'server-basic-vanillajs', 'dist', 'index.js');
const TOOL = 'mcp__basic__get-time';
const READY_TIMEOUT = 45_000;

const serverRow = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-server="${name}"]`);

async function addBasicServer(page: Page): Promise<void> {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-tab-mcp').click();
  await page.getByTestId('mcp-paste-json').click();
  await page.getByTestId('mcp-import-json').fill(JSON.stringify({ mcpServers: { basic: { command: 'node', args: [BASIC, '--stdio'] } } }));
  await page.getByTestId('mcp-import-submit').click();
  await serverRow(page, 'basic').getByTestId('mcp-server-enabled').click();
  await expect(serverRow(page, 'basic')).toHaveAttribute('data-status', 'ready', { timeout: READY_TIMEOUT });
  await page.getByTestId('settings-save').click();
}

test.describe('MCP Apps', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the official example app renders inline with the call’s result, and its own tool calls ask like the model’s', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('mcp-echo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await addBasicServer(page);
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill(`Please run ${TOOL}`);
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('approval-card').getByTestId('approval-allow-once').click();

    const app = page.getByTestId('mcp-app');
    await expect(app).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
    const inner = page.frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');
    // The app got the call's structured result (its time), not the model's text.
    await expect(inner.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);
    const first = await inner.locator('#server-time').textContent();

    // Until the user clicks, the frame is inert; then the app's button calls its tool through the approval card.
    await page.getByTestId('mcp-app-interact').click();
    await inner.locator('#get-time-btn').click();
    const card = page.getByTestId('approval-card').filter({ has: page.getByTestId('approval-deny') });
    await expect(card).toContainText('get-time');
    await card.getByTestId('approval-deny').click();
    await expect(inner.locator('#server-time')).toHaveText('[ERROR]');
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Answering the app's own card hands the user back to the app: the next click is the app's, and its call asks again.
    await expect(page.getByTestId('mcp-app-frame')).not.toHaveAttribute('inert');
    await inner.locator('#get-time-btn').click();
    const second = page.getByTestId('approval-card').filter({ has: page.getByTestId('approval-allow-once') });
    await expect(second).toContainText('get-time');
    await second.getByTestId('approval-allow-once').click();
    await expect(inner.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);
    await taco.screenshot('mcp-app-inline');
  });
});
