import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';

/** A git repository with one commit and one change, for draft_commit_message. */
function repoWithChange(dir: string): void {
  writeFileSync(join(dir, 'hello.txt'), 'hello\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first');
  writeFileSync(join(dir, 'hello.txt'), 'hello, world\n');
}

async function startCommitWorkflow(page: Page): Promise<void> {
  await page.getByTestId('model-picker').selectOption('llama3.2:3b');
  await page.getByTestId('workflow-button').click();
  await page.getByTestId('workflow-search').fill('commit');
  await page.locator('[data-testid="workflow-choice"][data-workflow-id="draft_commit_message"]').click();
  await expect(page.getByTestId('workflow-form')).toBeVisible();
  await page.getByTestId('workflow-param-style').selectOption('conventional');
  await page.getByTestId('workflow-run').click();
  await expect(page.getByTestId('workflow-picker')).toHaveCount(0);
}

test.describe('workflows', () => {
  test('pick a workflow, fill its form, approve its command: the block shows every step done', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    repoWithChange(workspace);
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await startCommitWorkflow(page);
    const block = page.getByTestId('workflow-block');
    await expect(block).toBeVisible();
    const card = page.getByTestId('approval-card');
    await expect(card).toContainText('git --no-pager diff HEAD');
    await taco.screenshot('workflow-approval');
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('workflow-outcome')).toHaveAttribute('data-reason', 'complete');
    await expect(block.getByTestId('workflow-step')).toHaveCount(2);
    for (const step of await block.getByTestId('workflow-step').all()) await expect(step).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('answer-text').last()).toContainText('Add a greeting so new users feel welcome');
    await taco.screenshot('workflow-done');
  });

  test('a denied approval stops the workflow: the next step is skipped and the reason is shown', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    repoWithChange(workspace);
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await startCommitWorkflow(page);
    await page.getByTestId('approval-deny').click();
    const outcome = page.getByTestId('workflow-outcome');
    await expect(outcome).toHaveAttribute('data-reason', 'denied');
    await expect(outcome).toContainText('You denied run_command');
    const steps = page.getByTestId('workflow-block').getByTestId('workflow-step');
    await expect(steps.nth(0)).toHaveAttribute('data-state', 'failed');
    await expect(steps.nth(1)).toHaveAttribute('data-state', 'skipped');
    await expect(page.getByTestId('answer-text')).toHaveCount(0);
  });

  test('batch approval: a model turn with three writes shows one card; "Allow all 3" runs all three', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-batch-');
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await page.getByTestId('model-picker').selectOption('llama3.2:3b');
    await page.getByTestId('composer').fill('Write three files please');
    await page.getByTestId('composer').press('Enter');

    const card = page.getByTestId('batch-approval-card');
    await expect(card.getByTestId('batch-approval-item')).toHaveCount(3);
    await expect(page.getByTestId('batch-approval-card')).toHaveCount(1);
    await expect(page.getByTestId('approval-card')).toHaveCount(0);
    await taco.screenshot('batch-approval');
    await card.getByTestId('batch-allow-all').click();
    await expect(page.getByTestId('answer-text').last()).toContainText('Wrote three files.');
    for (const name of ['a.txt', 'b.txt', 'c.txt']) expect(readFileSync(join(workspace, name), 'utf8')).toBe(`${name} content\n`);
  });
});
