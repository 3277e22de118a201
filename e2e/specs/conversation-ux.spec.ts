import { pickModel } from '../support/model-picker';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeConversations } from '../../bench/bench-data';
import { expect, test } from '../support/taco-fixture';

/** UX_SHOTS=1 also writes what each step looks like to /tmp/ux-conversation/ (for looking, not asserting). */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env['UX_SHOTS'] === '1') await page.screenshot({ path: join('/tmp/ux-conversation', `${name}.png`) });
}

/** A data folder whose settings add a second Ollama, "Docs box", at `url`. */
function dataWithDocsBox(dataDir: string, url: string): void {
  const docsBox = {
    id: 'docs-box',
    name: 'Docs box',
    kind: 'ollama',
    baseUrl: url,
    headers: {},
    allowInsecure: false,
    connectTimeoutMs: 3000,
    enabled: true,
    toolSupport: {},
  };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ format: 'taco-settings', version: 1, settings: { servers: [docsBox] } }));
}

test('a conversation whose server stops keeps its model, says so by name and refuses to send; a reload reopens it', async ({
  taco,
  page,
}) => {
  const local = await taco.startFakeOllama('basic-chat');
  const docs = await taco.startFakeOllama('basic-chat');
  const data = taco.tempDir('taco-e2e-data-');
  dataWithDocsBox(data, docs.url);
  await taco.openApp({ ollamaUrl: local.url, dataDir: data });

  await pickModel(page, 'docs-box::llama3.2:3b');
  await page.getByTestId('composer').fill('Hi there');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
  // The sidebar names the server as the user named it, never by its id.
  await expect(page.getByTestId('conversation-model')).toHaveText('llama3.2:3b · Docs box');

  await docs.stop();
  await page.reload();
  // The reload reopens the conversation, on its own model: nothing switched to the local one.
  await expect(page.getByTestId('conversation-item').first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('chat-title')).not.toHaveText('New chat');
  await expect(page.getByTestId('model-picker')).toHaveAttribute('data-value', 'docs-box::llama3.2:3b');
  await expect(page.getByTestId('model-unavailable')).toHaveText('Docs box is offline — Retry · Choose another model');
  await page.getByTestId('composer').fill('Are you still there?');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('composer')).toHaveValue('Are you still there?');
  await expect(page.locator('[data-role="user"]')).toHaveCount(1);
  await shot(page, 'server-down');

  // Retry while it is still down says the same; choosing another model is the user's move.
  await page.getByTestId('model-unavailable-retry').click();
  await expect(page.getByTestId('model-unavailable')).toContainText('Docs box is offline');
  // Choosing another model opens the picker with its search field ready.
  await page.getByTestId('model-unavailable-choose').click();
  await expect(page.getByTestId('model-search')).toBeFocused();
  await page.getByTestId('model-picker-popover').locator('[data-model="llama3.2:3b"]').click();
  await expect(page.getByTestId('model-picker')).toHaveAttribute('data-value', 'llama3.2:3b');
  await expect(page.getByTestId('model-unavailable')).toHaveCount(0);
  await page.getByTestId('send-button').click();
  await expect(page.locator('[data-role="user"]')).toHaveCount(2);
});

test('/help in a new chat answers there and stores no conversation', async ({ taco, page }) => {
  const ollama = await taco.startFakeOllama('basic-chat');
  await taco.openApp({ ollamaUrl: ollama.url });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await page.getByTestId('composer').fill('/help');
  await page.getByTestId('composer').press('Enter');
  await expect(page.locator('[data-role="system"]').last()).toContainText('/tools');
  await expect(page.getByTestId('chat-title')).toHaveText('New chat');
  await expect(page.getByTestId('conversation-row')).toHaveCount(0);
  await shot(page, 'help-new-chat');
  await page.reload();
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await expect(page.getByTestId('conversation-row')).toHaveCount(0);
  await expect(page.getByTestId('chat-title')).toHaveText('New chat');
});

test('a question from the model takes focus in its answer field', async ({ taco, page }) => {
  const ollama = await taco.startFakeOllama('agent-demo');
  await taco.openApp({ ollamaUrl: ollama.url, workspace: taco.tempDir('taco-e2e-ws-') });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await pickModel(page, 'llama3.2:3b');
  await page.getByTestId('composer').fill('Ask me about my favourite colour');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('question-input')).toBeFocused();
  await page.keyboard.type('green');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer-text').last()).toHaveText('You like green.');
  await expect(page.getByTestId('composer')).toBeFocused();
});

const LONG_TITLE = 'Quarterly budget review for the marketing team';

test('the title stays readable from 800 to 1920 px with the tool stack open, whole on hover', async ({ taco, page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const workspace = taco.tempDir('taco-e2e-ws-');
  writeFileSync(join(workspace, 'notes.txt'), 'Buy milk and eggs\n');
  const ollama = await taco.startFakeOllama('agent-demo');
  await taco.openApp({ ollamaUrl: ollama.url, workspace });
  await pickModel(page, 'llama3.2:3b');
  await page.getByTestId('composer').fill('Read my notes please');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text').last()).toContainText('Buy milk and eggs');
  await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'false');
  await page.getByTestId('conversation-item').first().focus();
  await page.keyboard.press('F2');
  await page.getByTestId('rename-input').fill(LONG_TITLE);
  await page.getByTestId('rename-input').press('Enter');
  await expect(page.getByTestId('chat-title')).toHaveText(LONG_TITLE);
  await expect(page.getByTestId('chat-title')).toHaveAttribute('title', LONG_TITLE);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      // Below 1000 px the stack is a rail whose details open over the chat. The window folds it on
      // its resize event, which may come after this line: open it until it stays open.
      await expect(async () => {
        if ((await page.getByTestId('stack-panel').getAttribute('data-collapsed')) === 'true') {
          await page.getByTestId('stack-panel-toggle').click();
        }
        await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'false', { timeout: 2000 });
      }).toPass();
      const box = await page.getByTestId('chat-title').evaluate((title) => ({
        width: title.clientWidth,
        whole: title.scrollWidth,
        cut: getComputedStyle(title).textOverflow,
      }));
      await shot(page, `title-${size.width}-${scheme}`);
      expect(box.cut).toBe('ellipsis');
      // At least "Quarterly budget review" (23 characters) is read; where the header has room, all of it.
      expect(box.width, `title width at ${size.width} px`).toBeGreaterThanOrEqual(Math.min(box.whole, 190));
      if (size.width >= 1920) expect(box.width).toBeGreaterThanOrEqual(box.whole);
      if (size.width < 1000) await page.keyboard.press('Escape');
    }
  }
});

test('Enter while a reply streams shows a calm hint, keeps the message, and sends nothing', async ({ taco, page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const ollama = await taco.startFakeOllama('slow-stream');
  await taco.openApp({ ollamaUrl: ollama.url });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await page.getByTestId('composer').fill('Tell me a long story');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text').last()).toContainText(/\S+ \S+ \S+/);
  await page.getByTestId('composer').fill('And then?');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('still-answering')).toHaveText('TACO is still answering — press Stop or wait. Your message stays here.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('composer')).toHaveValue('And then?');
  await shot(page, 'still-answering-dark');
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('still-answering')).toHaveCount(0);
  await expect(page.locator('[data-role="user"]')).toHaveCount(1);
});

test('a half-typed message stays with its conversation, and a reload keeps it', async ({ taco, page }) => {
  const dataDir = taco.tempDir('taco-e2e-drafts-');
  await writeConversations(dataDir, [
    { title: 'Garden plans', messages: 2 },
    { title: 'Kitchen plans', messages: 2 },
  ]);
  const ollama = await taco.startFakeOllama('basic-chat');
  await taco.openApp({ ollamaUrl: ollama.url, dataDir });
  const open = (title: string) => page.getByTestId('conversation-item').filter({ hasText: title }).click();
  const composer = page.getByTestId('composer');

  await open('Garden plans');
  await composer.fill('Sow the peas in');
  await open('Kitchen plans');
  await expect(composer).toHaveValue('');
  await composer.fill('Bake the bread at');
  await open('Garden plans');
  await expect(composer).toHaveValue('Sow the peas in');

  await page.reload();
  await open('Kitchen plans');
  await expect(composer).toHaveValue('Bake the bread at');
  await open('Garden plans');
  await expect(composer).toHaveValue('Sow the peas in');
});
