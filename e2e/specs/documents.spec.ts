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

    // The Documents panel: the file with its versions, a diff between two, restore.
    await page.getByTestId('documents-button').click();
    const panel = page.getByTestId('documents-dialog');
    const document = panel.locator('[data-testid="document"][data-path="hello.txt"]');
    await expect(document.getByTestId('document-version')).toHaveCount(3);
    await expect(document.getByTestId('document-version').nth(0)).toContainText('Before the first change');
    await expect(document.getByTestId('document-version').nth(1)).toContainText('Written by write_file');
    await document.getByTestId('document-diff-from').selectOption('1:before');
    await document.getByTestId('document-diff-to').selectOption('1:after');
    await document.getByTestId('document-diff').click();
    await expect(document.getByTestId('diff-preview')).toContainText('-Old greeting');
    await expect(document.getByTestId('diff-preview')).toContainText('+Hello from TACO');

    await document.getByTestId('document-restore').nth(1).click();
    await expect(document.getByTestId('document-message')).toContainText('Restored hello.txt');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');
    await expect(document.getByTestId('document-version')).toHaveCount(4);
  });
});
