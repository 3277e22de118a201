import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/** Opens the catalogue, finds the tool's card and picks a choice in its approval setting. */
async function setToolApproval(
  page: Page,
  toolId: string,
  label: 'Ask first' | 'Run without asking',
  value: 'ask' | 'allow',
): Promise<void> {
  await page.getByTestId('catalogue-button').click();
  await page.getByTestId('catalogue-search').fill(toolId.replace('_', ' '));
  const setting = page.locator(`[data-testid="catalogue-tool"][data-tool-id="${toolId}"]`).getByTestId('approval-setting');
  await setting.selectOption({ label });
  await expect(setting).toHaveAttribute('data-choice', value);
  await expect(setting).toBeEnabled();
}

test.describe('per-tool approval settings', () => {
  test('"Ask first" on read_file puts an approval card before the read; the choice is saved', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    writeFileSync(join(workspace, 'notes.txt'), 'Buy milk and eggs\n');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await setToolApproval(page, 'read_file', 'Ask first', 'ask');
    const listSetting = page.locator('[data-testid="catalogue-tool"][data-tool-id="read_file"]').getByTestId('approval-setting');
    await expect(listSetting.locator('option').first()).toHaveText('Default (Run without asking)');
    await taco.screenshot('tool-approvals-catalogue');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('catalogue')).toHaveCount(0);

    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Read my notes please');
    await page.getByTestId('composer').press('Enter');

    const card = page.getByTestId('approval-card');
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('aria-label', 'Approval for Read File');
    await expect(page.getByTestId('tool-row').first()).toHaveAttribute('data-tool', 'list_directory');
    await taco.screenshot('tool-approvals-read-card');
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toContainText('Buy milk and eggs');

    // The override is stored in main: a fresh page shows it.
    await page.reload();
    await page.getByTestId('catalogue-button').click();
    await expect(page.locator('[data-testid="catalogue-tool"][data-tool-id="read_file"]').getByTestId('approval-setting')).toHaveAttribute(
      'data-choice',
      'ask',
    );
  });

  test('"Run without asking" on write_file saves the greeting without a card', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await setToolApproval(page, 'write_file', 'Run without asking', 'allow');
    await page.keyboard.press('Escape');

    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Save a greeting file');
    await page.getByTestId('composer').press('Enter');

    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved hello.txt with the greeting.');
    await expect(page.getByTestId('tool-row').last()).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('approval-card')).toHaveCount(0);
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');
  });

  test('back on Default, write_file asks again', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await setToolApproval(page, 'write_file', 'Run without asking', 'allow');
    const setting = page.locator('[data-testid="catalogue-tool"][data-tool-id="write_file"]').getByTestId('approval-setting');
    await setting.selectOption({ label: 'Default (Ask first)' });
    await expect(setting).toHaveAttribute('data-choice', 'default');
    await page.keyboard.press('Escape');

    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Save a greeting file');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('approval-card')).toBeVisible();
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(false);
  });
});
