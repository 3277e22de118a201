import { pickModel } from '../support/model-picker';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { WORKFLOW_REPLIES } from '../../test-support/fake-ollama/scenarios/tools/workflows';
import { expect, test } from '../support/taco-fixture';
import {
  expectOutcome,
  expectStepStates,
  openWorkflowForm,
  repoWithChange,
  runFromForm,
  startRenameUntilConfirm,
  writeFiles,
} from '../support/workflow-helpers';

/** Opens create_project's form, fills it and runs it. */
async function runCreateProject(page: Page, description: string): Promise<void> {
  await openWorkflowForm(page, 'create_project', 'project');
  await page.getByTestId('workflow-param-description').fill(description);
  await page.getByTestId('workflow-param-folder').fill('app');
  await runFromForm(page);
}

/**
 * A workflow stops where the user says no, or presses Stop: the step that was running ends, the
 * later steps are skipped and never run (nothing on disk), and the block says why.
 */
test.describe('workflows stop where the user says', () => {
  test('a denied command in a tool step: the next step is skipped and the reason is shown', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    repoWithChange(workspace);
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await openWorkflowForm(page, 'draft_commit_message', 'commit');
    await runFromForm(page);
    await page.getByTestId('approval-deny').click();
    await expectOutcome(page, 'denied', 'You denied run_command');
    await expectStepStates(page, ['failed', 'skipped']);
    await expect(page.getByTestId('answer-text')).toHaveCount(0);
  });

  test('a denied write mid-workflow (create_project, after plan and confirm): the step stops, nothing is written', async ({
    taco,
    page,
  }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await runCreateProject(page, 'a hello world script');
    await page.getByTestId('workflow-confirm-accept').click();
    const card = page.getByTestId('batch-approval-card');
    await expect(card.getByTestId('batch-approval-item')).toHaveCount(2);
    await card.getByTestId('batch-deny-one').first().click();

    await expectOutcome(page, 'denied', 'You denied write_file in step 3, so the workflow stopped there; nothing after it ran.');
    await expectStepStates(page, ['done', 'done', 'failed']);
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    // The second write was withdrawn with the first denial: never answered, never run.
    await expect(card.getByTestId('batch-allow-all')).toHaveCount(0);
    await expect(card.getByTestId('batch-approval-item').nth(0)).toHaveAttribute('data-resolution', 'deny');
    await expect(card.getByTestId('batch-approval-item').nth(1)).toHaveAttribute('data-resolution', 'open');
    await expect(card.getByTestId('batch-approval-item').nth(1)).toContainText('The run ended before this was answered.');
    await expect(page.getByText(WORKFLOW_REPLIES.created)).toHaveCount(0);
    expect(existsSync(join(workspace, 'app'))).toBe(false);
  });

  test('"Stop here" at a confirm (rename_identifier): the edit step is skipped, the file is untouched', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    const before = 'def old_thing():\n    return 1\n';
    writeFiles(workspace, { 'src/main.py': before });
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    const confirm = await startRenameUntilConfirm(page);
    await confirm.getByTestId('workflow-confirm-decline').click();

    await expectOutcome(page, 'declined', 'You declined step 2, so the workflow stopped there.');
    await expectStepStates(page, ['done', 'failed', 'skipped']);
    await expect(confirm).toContainText('You stopped here.');
    await expect(page.getByTestId('approval-card')).toHaveCount(0);
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    expect(readFileSync(join(workspace, 'src/main.py'), 'utf8')).toBe(before);
  });

  test('Stop while a prompt step streams: the workflow is cancelled, the confirm and writes never come', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    // "please stall" makes the fake model stream a few words of the plan, then hold the stream open.
    await runCreateProject(page, 'a hello world script, please stall');
    await expect(page.getByTestId('answer-text').last()).toContainText(WORKFLOW_REPLIES.stalling);
    await expectStepStates(page, ['running', 'pending', 'pending']);
    await taco.screenshot('workflow-streaming');
    await page.getByTestId('stop-button').click();

    await expectOutcome(page, 'cancelled', 'You stopped the workflow.');
    await expectStepStates(page, ['failed', 'skipped', 'skipped']);
    await expect(page.getByTestId('stop-notice')).toHaveAttribute('data-reason', 'cancelled');
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    await expect(page.getByTestId('send-button')).toBeVisible();
    await expect(page.getByTestId('workflow-confirm')).toHaveCount(0);
    await expect(page.getByTestId('batch-approval-card')).toHaveCount(0);
    expect(existsSync(join(workspace, 'app'))).toBe(false);
    await taco.screenshot('workflow-stopped');
  });

  test('batch approval: a model turn with three writes shows one card; "Allow all 3" runs all three', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-batch-');
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');
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
