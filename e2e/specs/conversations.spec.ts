import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type TacoHarness } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/** Start the fake Ollama ("conversations" scenario) and the app, with a workspace holding notes.txt. */
async function openApp(taco: TacoHarness, page: Page) {
  const workspace = taco.tempDir('taco-e2e-ws-');
  writeFileSync(join(workspace, 'notes.txt'), 'Buy milk\n');
  const ollama = await taco.startFakeOllama('conversations');
  const app = await taco.openApp({ ollamaUrl: ollama.url, workspace });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await pickModel(page, 'llama3.2:3b');
  return app;
}

/** Send a message and wait until its run has finished. */
async function send(page: Page, text: string) {
  const before = await page.locator('[data-testid="message"][data-role="assistant"]').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(before + 1);
  await expect(page.getByTestId('send-button')).toBeVisible();
}

async function newChat(page: Page, text: string) {
  await page.getByTestId('new-chat').click();
  await send(page, text);
}

const rows = (page: Page) => page.getByTestId('conversation-row');
const rowWith = (page: Page, conversationId: string) =>
  page.locator(`[data-testid="conversation-row"][data-conversation-id="${conversationId}"]`);
const userTexts = (page: Page) => page.locator('[data-testid="message"][data-role="user"] .message-body');
const answers = (page: Page) => page.getByTestId('answer-text');

async function menuOf(row: Locator, page: Page, item: string) {
  await row.hover();
  await row.getByTestId('conversation-menu-button').click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
}

async function activeId(page: Page): Promise<string> {
  const id = await page.locator('[data-testid="conversation-row"]:has([aria-current="page"])').getAttribute('data-conversation-id');
  if (!id) throw new Error('no open conversation in the sidebar');
  return id;
}

/** What a conversation shows, message by message (roles, texts, tool rows, stop notices). */
async function renderedConversation(page: Page): Promise<string[]> {
  return page
    .getByTestId('message')
    .evaluateAll((nodes) => nodes.map((node) => `${(node as HTMLElement).dataset.role}: ${(node as HTMLElement).innerText}`));
}

test.describe('conversations', () => {
  test('rename in place and pin to the top; both survive a reload', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Plan a trip to Lisbon');
    const lisbon = await activeId(page);
    await newChat(page, 'Budget for May');
    const budget = await activeId(page);
    await newChat(page, 'Recipe for pancakes');
    await expect(rows(page)).toHaveCount(3);

    await menuOf(rowWith(page, budget), page, 'Rename');
    const field = page.getByTestId('rename-input');
    await expect(field).toBeFocused();
    await field.fill('May budget');
    await field.press('Enter');
    await expect(rowWith(page, budget).getByTestId('conversation-title')).toHaveText('May budget');

    await menuOf(rowWith(page, lisbon), page, 'Pin to top');
    await expect(rows(page).first()).toHaveAttribute('data-conversation-id', lisbon);
    await expect(rowWith(page, lisbon).getByTestId('pin-mark')).toBeVisible();
    await taco.screenshot('conversations-rename-pin');

    await page.reload();
    await expect(rows(page).first()).toHaveAttribute('data-conversation-id', lisbon);
    await expect(rowWith(page, budget).getByTestId('conversation-title')).toHaveText('May budget');
  });

  test('search titles and content with Ctrl+K; a hit opens its conversation', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Plan a trip to Lisbon');
    await newChat(page, 'Budget for May');
    await newChat(page, 'Recipe for pancakes');

    await page.getByTestId('composer').focus();
    await page.keyboard.press('Control+k');
    const search = page.getByTestId('conversation-search');
    await expect(search).toBeFocused();
    await search.fill('lisbon');
    const hits = page.getByTestId('search-hit');
    await expect(hits).toHaveCount(1);
    await expect(hits.first().locator('mark').first()).toHaveText(/lisbon/i);
    await taco.screenshot('conversations-search');

    await search.press('ArrowDown');
    await expect(hits.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(userTexts(page).first()).toHaveText('Plan a trip to Lisbon');

    // The answer's words are content, not title: "asked" appears only there.
    await search.fill('you asked');
    await expect(hits).toHaveCount(3);
    await expect(hits.first()).toHaveAttribute('data-matched-in', 'content');
    await search.press('Escape');
    await expect(rows(page)).toHaveCount(3);
  });

  test('delete hides the row with Undo; Undo brings it back; after the undo time it is really gone', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Keep this one');
    await newChat(page, 'Delete this one');
    const doomed = await activeId(page);

    await menuOf(rowWith(page, doomed), page, 'Delete');
    await expect(rowWith(page, doomed)).toHaveCount(0);
    await expect(page.getByTestId('undo-toast')).toContainText('Deleted');
    await expect(page.getByTestId('chat-title')).toHaveText('New chat');
    await taco.screenshot('conversations-delete-undo');
    await page.getByTestId('undo-delete').click();
    await expect(rowWith(page, doomed)).toHaveCount(1);
    await expect(userTexts(page).first()).toHaveText('Delete this one');

    await menuOf(rowWith(page, doomed), page, 'Delete');
    await expect(page.getByTestId('undo-toast')).toHaveCount(0, { timeout: 10_000 });
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(rowWith(page, doomed)).toHaveCount(0);
  });

  test('export as JSON, import it again: the conversation renders identically', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Which files are in my workspace?');
    await expect(page.getByTestId('tool-row')).toHaveAttribute('data-state', 'done');
    await send(page, 'Thanks!');
    const original = await activeId(page);
    const before = await renderedConversation(page);

    const downloading = page.waitForEvent('download');
    await menuOf(rowWith(page, original), page, 'Export as JSON');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = join(taco.tempDir('taco-e2e-export-'), download.suggestedFilename());
    await download.saveAs(file);
    expect(() => JSON.parse(readFileSync(file, 'utf8')) as unknown).not.toThrow();

    await page.getByTestId('import-file').setInputFiles(file);
    await expect(rows(page)).toHaveCount(2);
    await expect.poll(() => activeId(page)).not.toBe(original);
    await expect(page.getByTestId('tool-row')).toHaveAttribute('data-state', 'done');
    expect(await renderedConversation(page)).toEqual(before);
    await taco.screenshot('conversations-imported');

    const markdown = page.waitForEvent('download');
    await menuOf(rowWith(page, original), page, 'Export as Markdown');
    expect((await markdown).suggestedFilename()).toMatch(/\.md$/);
  });

  test('a file that is not an export is refused in words', async ({ taco, page }) => {
    await openApp(taco, page);
    const file = join(taco.tempDir('taco-e2e-import-'), 'notes.json');
    writeFileSync(file, '{"hello": "world"}');
    await page.getByTestId('import-file').setInputFiles(file);
    await expect(page.getByTestId('toast').filter({ hasText: 'notes.json' })).toContainText('This file cannot be imported');
    await expect(rows(page)).toHaveCount(0);
  });

  test('edit a message and run again from there; Up in the empty composer edits the last one', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'first question');
    await send(page, 'second question');
    await expect(answers(page)).toHaveCount(2);

    await page.locator('[data-testid="message"][data-role="user"]').first().hover();
    await page.getByTestId('edit-message').first().click();
    const editor = page.getByTestId('message-editor-input');
    await expect(editor).toBeFocused();
    await editor.fill('a better first question');
    await taco.screenshot('conversations-edit');
    await editor.press('Enter');

    await expect(userTexts(page)).toHaveText(['a better first question']);
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page).first()).toContainText('you asked “a better first question”');

    await page.getByTestId('composer').focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId('message-editor-input')).toHaveValue('a better first question');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('composer')).toBeFocused();
  });

  test('regenerate replaces the last answer with a new one', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Say something');
    const first = (await answers(page).last().innerText()).trim();
    expect(first).toMatch(/^Answer \d+: you asked “Say something”\.$/);

    await page.getByTestId('regenerate').click();
    await expect(answers(page).last()).not.toHaveText(first);
    await expect(answers(page).last()).toHaveText(/^Answer \d+: you asked “Say something”\.$/);
    await expect(answers(page)).toHaveCount(1);
    await expect(userTexts(page)).toHaveText(['Say something']);
    await taco.screenshot('conversations-regenerated');
  });

  test('copy an answer to the clipboard, with a “Copied” confirmation', async ({ taco, page }) => {
    const app = await openApp(taco, page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    await send(page, 'Copy me');
    const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
    const copy = answer.getByTestId('copy-button');
    await copy.click();
    await expect(copy).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await answers(page).last().innerText()).trim());
    await taco.screenshot('conversations-copied');

    await page.locator('[data-testid="message"][data-role="user"]').last().hover();
    await page.locator('[data-testid="message"][data-role="user"]').last().getByTestId('copy-button').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Copy me');
  });

  test('per-conversation options: main refuses a bad value in words; a good one is kept', async ({ taco, page }) => {
    await openApp(taco, page);
    await send(page, 'Hello');
    const button = page.getByTestId('options-button');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Conversation options' });
    await expect(dialog).toBeVisible();
    await page.getByTestId('options-temperature').fill('7');
    await page.getByTestId('options-system-prompt').fill('Answer like a pirate.');
    await page.getByTestId('options-save').click();
    await expect(page.getByTestId('options-error')).toContainText(/temperature/i);
    await taco.screenshot('conversations-options');

    await page.getByTestId('options-temperature').fill('0.3');
    await page.getByTestId('options-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.reload();
    await page.getByTestId('conversation-item').first().click();
    await page.getByTestId('options-button').click();
    await expect(page.getByTestId('options-temperature')).toHaveValue('0.3');
    await expect(page.getByTestId('options-system-prompt')).toHaveValue('Answer like a pirate.');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
