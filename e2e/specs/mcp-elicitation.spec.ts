import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../support/processes';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/** The real server-everything (a devDependency); its trigger-elicitation-request tool asks for a form. */
const EVERYTHING = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const READY_TIMEOUT = 45_000;
const TOOL = 'mcp__everything__trigger-elicitation-request';

const serverRow = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-server="${name}"]`);

test.describe('MCP elicitation', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a server’s form appears in the conversation with its defaults; what the user sends reaches the server', async ({ taco, page }) => {
    // The fake model calls the mcp__ tool the message names (test-support/fake-ollama/scenarios/tools/mcp-echo.ts).
    const ollama = await taco.startFakeOllama('mcp-echo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-mcp').click();
    await page.getByTestId('mcp-paste-json').click();
    await page
      .getByTestId('mcp-import-json')
      .fill(JSON.stringify({ mcpServers: { everything: { command: 'node', args: [EVERYTHING, 'stdio'] } } }));
    await page.getByTestId('mcp-import-submit').click();
    await serverRow(page, 'everything').getByTestId('mcp-server-enabled').click();
    await expect(serverRow(page, 'everything')).toHaveAttribute('data-status', 'ready', { timeout: READY_TIMEOUT });
    await page.getByTestId('settings-save').click();

    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill(`Please run ${TOOL}`);
    await page.getByTestId('composer').press('Enter');
    // An imported server asks before each tool call (mcp-import.ts resets any pasted approval to "ask").
    await page.getByTestId('approval-card').getByTestId('approval-allow-once').click();

    // A small window: the form (longer than it) is a dialog whose body scrolls, its buttons in sight.
    await page.setViewportSize({ width: 800, height: 600 });
    const form = page.getByTestId('elicitation-form');
    await expect(form).toContainText('everything asks: Please provide inputs for the following fields:');
    await expect(form.getByTestId('workflow-param-name')).toBeFocused();
    for (const id of ['elicitation-accept', 'elicitation-decline', 'elicitation-cancel']) {
      await expect(form.getByTestId(id)).toBeInViewport({ ratio: 1 });
    }
    const body = form.locator('.ui-dialog-body');
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await body.hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await taco.screenshot('mcp-elicitation-form-800');
    // Tabbing to Decline scrolls nothing behind the dialog (the app shell stays where it is).
    const shellOffsets = () =>
      page.evaluate(() => [window.scrollY, document.scrollingElement?.scrollTop ?? 0, document.querySelector('.app')?.scrollTop ?? 0]);
    for (let step = 0; step < 40; step += 1) {
      const onDecline = await form.getByTestId('elicitation-decline').evaluate((element) => element === document.activeElement);
      if (onDecline) break;
      await page.keyboard.press('Tab');
    }
    await expect(form.getByTestId('elicitation-decline')).toBeFocused();
    expect(await shellOffsets()).toEqual([0, 0, 0]);
    await expect(form.getByTestId('elicitation-accept')).toBeInViewport({ ratio: 1 });
    // SEP-1034: the schema's defaults are filled in.
    await expect(form.getByTestId('workflow-param-integer')).toHaveValue('42');
    await expect(form.getByTestId('workflow-param-firstLine')).toHaveValue('It was a dark and stormy night.');
    await form.getByTestId('elicitation-accept').click();
    await expect(form.getByTestId('elicitation-problem')).toHaveText('String is required.');
    await form.getByTestId('workflow-param-name').fill('Ada Lovelace');
    await taco.screenshot('mcp-elicitation-form');
    await form.getByTestId('elicitation-accept').click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId('answer-text').last()).toContainText('User provided the requested information');
  });
});
