import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('documents, versions and undo', () => {
  test('Undo on a write row, the Documents panel, a version diff and restore', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    writeFileSync(join(workspace, 'hello.txt'), 'Old greeting\n');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');

    await page.getByTestId('composer').fill('Save a greeting file');
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved hello.txt with the greeting.');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');

    // Undo on the write's row: the diff first, then the file as it was.
    const row = page.locator('[data-testid="tool-row"][data-tool="write_file"]');
    await row.getByTestId('tool-row-undo').click();
    const undo = page.getByTestId('undo-dialog');
    await expect(undo.getByTestId('diff-preview')).toContainText('-Hello from TACO');
    await expect(undo.getByTestId('diff-preview')).toContainText('+Old greeting');
    await undo.getByTestId('undo-confirm').click();
    await expect(undo.getByTestId('undo-message')).toContainText('Undid the write to hello.txt');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Old greeting\n');
    // The confirmation and its result are drawn inside the window (it was once at y = -165 inside
    // the transformed message list), and Esc closes it.
    const box = await undo.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    await page.keyboard.press('Escape');
    await expect(undo).toBeHidden();

    // The Documents browser: the file listed with its details and its content previewed.
    await page.getByTestId('documents-button').click();
    const panel = page.getByTestId('documents-dialog');
    await expect(panel.getByTestId('documents-item')).toHaveCount(1);
    const document = panel.locator('[data-testid="document"][data-path="hello.txt"]');
    await expect(document.getByTestId('document-meta')).toContainText('text/plain');
    await expect(document.getByTestId('document-meta')).toContainText('Save a greeting file');
    await expect(document.getByTestId('document-preview')).toContainText('Old greeting');

    // Search and filter narrow the list.
    await panel.getByTestId('documents-search').fill('no such words');
    await expect(panel.getByTestId('documents-no-match')).toBeVisible();
    await panel.getByTestId('documents-search').fill('hello');
    await expect(panel.getByTestId('documents-item')).toHaveCount(1);
    await panel.getByTestId('documents-filter-type').selectOption('text/plain');
    await expect(panel.getByTestId('documents-item')).toHaveCount(1);

    // Its versions, the content before TACO's first change listed first, each with a preview.
    await document.getByTestId('document-tab-versions').click();
    await expect(document.getByTestId('document-version')).toHaveCount(3);
    await expect(document.getByTestId('document-version').nth(0)).toContainText("Before TACO's first change");
    await expect(document.getByTestId('document-version').nth(1)).toContainText('Written by write_file');
    await document.getByTestId('document-version-preview').nth(1).click();
    await expect(document.getByTestId('document-preview')).toContainText('Hello from TACO');

    // Compare: the undo put back the content from before the write, so those two are the same.
    await document.getByTestId('document-tab-compare').click();
    await document.getByTestId('document-diff-from').selectOption('1:before');
    await document.getByTestId('document-diff-to').selectOption('2:after');
    await document.getByTestId('document-diff').click();
    await expect(document.getByTestId('document-no-differences')).toContainText('No differences');
    await document.getByTestId('document-diff-to').selectOption('1:after');
    await document.getByTestId('document-diff').click();
    await expect(document.getByTestId('diff-preview')).toContainText('-Old greeting');
    await expect(document.getByTestId('diff-preview')).toContainText('+Hello from TACO');

    await document.getByTestId('document-tab-versions').click();
    await document.getByTestId('document-restore').nth(1).click();
    await expect(document.getByTestId('document-message')).toContainText('Restored hello.txt');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');
    await expect(document.getByTestId('document-version')).toHaveCount(4);
  });

  test('the Documents browser filters by tag and previews markdown rendered', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    const ollama = await taco.startFakeOllama('documents-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');

    await page.getByTestId('composer').fill('Please file the meeting notes, then search the documents for them');
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toContainText('Found:');

    await page.getByTestId('documents-button').click();
    const panel = page.getByTestId('documents-dialog');
    await expect(panel.getByTestId('documents-item')).toHaveCount(1);
    await panel.getByTestId('documents-filter-tag').selectOption('minutes');
    await expect(panel.getByTestId('documents-item')).toHaveText([/notes\/meeting\.md/]);
    await panel.getByTestId('documents-search').fill('monday');
    await expect(panel.getByTestId('documents-item')).toHaveCount(1);

    const document = panel.locator('[data-testid="document"][data-path="notes/meeting.md"]');
    await expect(document.getByTestId('document-meta')).toContainText('Minutes of the Monday meeting');
    await expect(document.getByTestId('document-meta')).toContainText('text/markdown');
    await expect(document.getByTestId('document-preview').getByTestId('markdown')).toContainText('zeppelin hangar');
  });
});
