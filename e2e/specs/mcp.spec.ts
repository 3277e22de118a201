import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../support/processes';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/** The real, unmodified server (a devDependency): its package's bin is dist/index.js, its transport argument "stdio". */
const EVERYTHING = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
/** Servers start in the background; the everything server loads many modules, and the machine is shared. */
const READY_TIMEOUT = 45_000;
/** What the fake model's `mcp-echo` scenario calls: the everything server's echo tool. */
const ECHO_TOOL = 'mcp__everything__echo';

const serverRow = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-server="${name}"]`);

/** Settings → MCP servers → Paste JSON → Import; the imported server is listed, switched off. */
async function pasteServer(page: Page, name: string, command: string, args: string[]): Promise<void> {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-tab-mcp').click();
  await page.getByTestId('mcp-paste-json').click();
  await page.getByTestId('mcp-import-json').fill(JSON.stringify({ mcpServers: { [name]: { command, args } } }, null, 2));
  await page.getByTestId('mcp-import-submit').click();
  await expect(page.getByTestId('mcp-import-outcome')).toContainText(`Added (disabled): ${name}.`);
  await expect(serverRow(page, name).getByTestId('mcp-server-enabled')).not.toBeChecked();
}

/** Paste the everything server, switch it on and wait until it is ready; the settings stay open. */
async function addEverything(page: Page): Promise<void> {
  await pasteServer(page, 'everything', 'node', [EVERYTHING, 'stdio']);
  await serverRow(page, 'everything').getByTestId('mcp-server-enabled').click();
  await expect(serverRow(page, 'everything')).toHaveAttribute('data-status', 'ready', { timeout: READY_TIMEOUT });
}

test.describe('MCP servers', () => {
  // Each test starts a real server process next to the app: room for a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test('one save model: Cancel (or Esc) undoes a server added in this visit; a removal waits for Save', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('mcp-echo');
    await taco.openApp({ ollamaUrl: ollama.url });
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await pasteServer(page, 'notes', 'node', ['notes-server.js']);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-mcp').click();
    await expect(page.getByTestId('mcp-empty')).toBeVisible();
    await page.getByTestId('settings-cancel').click();

    await pasteServer(page, 'notes', 'node', ['notes-server.js']);
    await page.getByTestId('settings-save').click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-mcp').click();
    const row = serverRow(page, 'notes');
    await row.getByTestId('mcp-remove').click();
    await row.getByTestId('mcp-remove-confirm').click();
    await expect(row.getByTestId('mcp-remove-pending')).toBeVisible();
    await page.getByTestId('settings-cancel').click();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-mcp').click();
    await row.getByTestId('mcp-remove').click();
    await row.getByTestId('mcp-remove-confirm').click();
    await page.getByTestId('settings-save').click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-mcp').click();
    await expect(page.getByTestId('mcp-empty')).toBeVisible();
  });

  test('a pasted server starts disabled, becomes ready when switched on, and its tools join the catalogue', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('mcp-echo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await addEverything(page);
    const row = serverRow(page, 'everything');
    await expect(row.getByTestId('mcp-status')).toHaveText('Ready');
    await expect(row.getByTestId('mcp-tool-count')).toHaveText(/^\d+ tools$/);
    await row.getByTestId('mcp-tools-toggle').click();
    await expect(row.locator('[data-testid="mcp-tool"][data-tool="echo"]')).toBeVisible();
    await taco.screenshot('mcp-settings-ready');
    await page.getByTestId('settings-save').click();

    await page.getByTestId('catalogue-button').click();
    await page.getByTestId('catalogue-search').fill('everything echo');
    const group = page.locator('[data-testid="catalogue-category"][data-server="everything"]');
    await expect(group.locator('h3')).toHaveText('MCP · everything');
    const echo = group.locator(`[data-testid="catalogue-tool"][data-tool-id="${ECHO_TOOL}"]`);
    await expect(echo.getByTestId('mcp-asks')).toHaveText('asks');
    await expect(echo).toContainText('message');
    await taco.screenshot('mcp-catalogue');
  });

  test('the model calls the echo tool: an approval card first, then the result reaches the answer', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('mcp-echo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await addEverything(page);
    await page.getByTestId('settings-save').click();

    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Ask the echo server to say hello');
    await page.getByTestId('composer').press('Enter');

    const card = page.getByTestId('approval-card');
    await expect(card).toHaveAttribute('aria-label', 'Approval for echo (MCP · everything)');
    await expect(card).toContainText(`${ECHO_TOOL}(`);
    await taco.screenshot('mcp-approval-card');
    await card.getByTestId('approval-allow-once').click();

    await expect(page.getByTestId('answer-text').last()).toContainText(
      `The MCP tool ${ECHO_TOOL} answered: Echo: Ask the echo server to say hello`,
    );
    const row = page.locator(`[data-testid="tool-row"][data-tool="${ECHO_TOOL}"]`);
    await expect(row).toHaveAttribute('data-server', 'everything');
    await expect(row).toHaveAttribute('data-state', 'done');
  });

  test('a server whose command fails shows why, with the last lines it wrote to stderr', async ({ taco, page }) => {
    const data = taco.tempDir('taco-e2e-mcp-');
    const ollama = await taco.startFakeOllama('mcp-echo');
    await taco.openApp({ ollamaUrl: ollama.url });
    const missing = join(data, 'no-such-server.js');
    await pasteServer(page, 'broken', 'node', [missing]);
    await serverRow(page, 'broken').getByTestId('mcp-server-enabled').click();

    const row = serverRow(page, 'broken');
    await expect(row).toHaveAttribute('data-status', 'failed', { timeout: READY_TIMEOUT });
    await expect(row.getByTestId('mcp-error')).not.toBeEmpty();
    const stderr = row.getByTestId('mcp-stderr');
    await expect(stderr).toContainText('Cannot find module');
    await expect(stderr).toContainText('no-such-server.js');
    await taco.screenshot('mcp-failed-server');
  });
});
