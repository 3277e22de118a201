import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKFLOW_REPLIES } from '../../test-support/fake-ollama/scenarios/tools/workflows';
import type { Page } from '@playwright/test';
import { seriousDefaultViolations } from '../support/axe';
import { lookAt } from '../support/look-at';
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

/** axe (default rules) finds nothing serious; every width and theme with screenshots when TACO_WORKFLOWS_SHOTS names a folder. */
const look = (page: Page, name: string): Promise<void> => lookAt(page, name, 'TACO_WORKFLOWS_SHOTS', seriousDefaultViolations);
/**
 * Every built-in workflow end to end from the picker, as a user runs it: pick it, fill its form
 * (file and folder params through the form's browser or its input), approve what needs approval,
 * then every step is done, the outcome is `complete` and the effect is real (the answer shown,
 * files written on disk). The fake Ollama answers with the same script as the CLI tests.
 */
test.describe('every built-in workflow from the picker', () => {
  test('summarise_file: the file is picked in the form browser; read, then summarised', async ({ taco, page }) => {
    // Two axe scans (six with TACO_WORKFLOWS_SHOTS) on a loaded machine.
    test.setTimeout(600_000);
    const workspace = taco.tempDir('taco-e2e-wf-');
    writeFiles(workspace, { 'notes.txt': 'Hello reader.\n', 'other.txt': 'not this one\n' });
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await openWorkflowForm(page, 'summarise_file', 'summar');
    await page.getByTestId('workflow-browse-file').click();
    await page.getByTestId('workflow-browser').getByTestId('workflow-entry').filter({ hasText: 'notes.txt' }).click();
    await expect(page.getByTestId('workflow-param-file')).toHaveValue('notes.txt');
    await expect(page.getByTestId('workflow-browser')).toHaveCount(0);
    await page.getByTestId('workflow-param-length').selectOption('one sentence');
    await runFromForm(page);

    await expectOutcome(page, 'complete', 'all 2 steps done');
    await expectStepStates(page, ['done', 'done']);
    await expect(page.getByTestId('workflow-step').nth(0)).toContainText('Hello reader.');
    await expect(page.getByTestId('answer-text').last()).toHaveText(WORKFLOW_REPLIES.summary);
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    // The user's message says what they asked in words, and the summary shows once (the answer, not again in the block).
    await expect(page.locator('[data-testid="message"][data-role="user"] .message-body')).toHaveText(
      'Summarise a file (File: notes.txt; Length: one sentence)',
    );
    await expect(page.getByTestId('workflow-step').nth(1)).toHaveText(/^Summarise it\s*done$/);
    await expect(page.getByText(WORKFLOW_REPLIES.summary)).toHaveCount(1);
    await look(page, 'workflow-summarise-done');
  });

  test('save_text_to_file: the text is written only after its write_file is approved, with its diff', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await openWorkflowForm(page, 'save_text_to_file', 'save text');
    await page.getByTestId('workflow-param-path').fill('notes/hello.md');
    await page.getByTestId('workflow-param-content').fill('# Hello\n');
    await runFromForm(page);

    const card = page.getByTestId('approval-card');
    await expect(card.getByTestId('diff-preview')).toContainText('+# Hello');
    expect(existsSync(join(workspace, 'notes/hello.md'))).toBe(false);
    await card.getByTestId('approval-allow-once').click();
    await expectOutcome(page, 'complete', 'its one step done');
    await expectStepStates(page, ['done']);
    expect(readFileSync(join(workspace, 'notes/hello.md'), 'utf8')).toBe('# Hello\n');
  });

  test('explain_folder: the folder is chosen by browsing into it; listed, its README read, then explained', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    writeFiles(workspace, { 'demo/README.md': '# demo\n', 'demo/src/app.py': 'print(1)\n', 'elsewhere.txt': 'x\n' });
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await openWorkflowForm(page, 'explain_folder', 'folder');
    await expect(page.getByTestId('workflow-param-folder')).toHaveValue('.');
    await page.getByTestId('workflow-browse-folder').click();
    const browser = page.getByTestId('workflow-browser');
    await browser.getByTestId('workflow-entry').filter({ hasText: 'demo/' }).click();
    await expect(browser.getByTestId('workflow-entry').filter({ hasText: 'README.md' })).toBeVisible();
    await browser.getByRole('button', { name: 'Use this folder' }).click();
    await expect(page.getByTestId('workflow-param-folder')).toHaveValue('demo');
    await runFromForm(page);

    await expectOutcome(page, 'complete', 'all 2 steps done');
    await expectStepStates(page, ['done', 'done']);
    await expect(page.getByTestId('workflow-step').nth(0)).toContainText('README.md');
    const read = page.locator('[data-testid="tool-row"][data-tool="read_file"]');
    await expect(read).toHaveAttribute('data-state', 'done');
    await expect(read).toContainText('demo/README.md');
    await expect(page.getByTestId('answer-text').last()).toContainText(WORKFLOW_REPLIES.explanation);
  });

  test('draft_commit_message: git diff runs once approved, then the message is drafted', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    repoWithChange(workspace);
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await openWorkflowForm(page, 'draft_commit_message', 'commit');
    await page.getByTestId('workflow-param-style').selectOption('conventional');
    await runFromForm(page);
    const card = page.getByTestId('approval-card');
    await expect(card).toContainText('git --no-pager diff HEAD');
    await taco.screenshot('workflow-approval');
    await card.getByTestId('approval-allow-once').click();

    await expectOutcome(page, 'complete', 'all 2 steps done');
    await expectStepStates(page, ['done', 'done']);
    await expect(page.getByTestId('workflow-step').nth(0)).toContainText('+hello, world');
    await expect(page.getByTestId('answer-text').last()).toContainText(WORKFLOW_REPLIES.commitMessage);
    await taco.screenshot('workflow-done');
  });

  test('create_project: plan, "Go on" at the confirm, both writes allowed in one card; the files exist', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    await openWorkflowForm(page, 'create_project', 'project');
    await page.getByTestId('workflow-param-description').fill('a hello world script');
    await page.getByTestId('workflow-param-folder').fill('app');
    await expect(page.getByTestId('workflow-param-language')).toHaveValue('Python');
    await runFromForm(page);

    const confirm = page.getByTestId('workflow-confirm');
    await expect(confirm).toContainText('Create these files in app?');
    await expect(confirm).toContainText(WORKFLOW_REPLIES.plan);
    await expectStepStates(page, ['done', 'running', 'pending']);
    await confirm.getByTestId('workflow-confirm-accept').click();
    await expect(confirm).toContainText('You went on.');

    const card = page.getByTestId('batch-approval-card');
    await expect(card.getByTestId('batch-approval-item')).toHaveCount(2);
    await expect(card.getByTestId('diff-preview').first()).toContainText('print("hello")');
    expect(existsSync(join(workspace, 'app'))).toBe(false);
    await card.getByTestId('batch-allow-all').click();

    await expectOutcome(page, 'complete', 'all 3 steps done');
    await expectStepStates(page, ['done', 'done', 'done']);
    await expect(page.getByTestId('answer-text').last()).toContainText(WORKFLOW_REPLIES.created);
    expect(readFileSync(join(workspace, 'app/hello.py'), 'utf8')).toBe('print("hello")\n');
    expect(readFileSync(join(workspace, 'app/README.md'), 'utf8')).toBe('# hello\n\nRun python3 hello.py.\n');
  });

  test('rename_identifier: the uses are found, the list confirmed, the edit allowed with its diff; the file is renamed', async ({
    taco,
    page,
  }) => {
    const workspace = taco.tempDir('taco-e2e-wf-');
    const before = 'def old_thing():\n    return 1\n\nprint(old_thing())\n';
    writeFiles(workspace, { 'src/main.py': before });
    const ollama = await taco.startFakeOllama('workflows');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });

    const confirm = await startRenameUntilConfirm(page);
    await expect(confirm).toContainText('Rename old_thing to new_thing in these places?');
    await confirm.getByTestId('workflow-confirm-accept').click();

    const card = page.getByTestId('approval-card');
    await expect(card.getByTestId('diff-preview')).toContainText('+def new_thing():');
    expect(readFileSync(join(workspace, 'src/main.py'), 'utf8')).toBe(before);
    await card.getByTestId('approval-allow-once').click();

    await expectOutcome(page, 'complete', 'all 3 steps done');
    await expectStepStates(page, ['done', 'done', 'done']);
    await expect(page.getByTestId('answer-text').last()).toContainText(WORKFLOW_REPLIES.renamed);
    expect(readFileSync(join(workspace, 'src/main.py'), 'utf8')).toBe('def new_thing():\n    return 1\n\nprint(new_thing())\n');
  });
});
