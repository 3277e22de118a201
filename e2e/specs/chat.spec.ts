import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('chat (foundation)', () => {
  test('pick a model, send a message and watch the reply stream in, with tokens/s after', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });

    const picker = page.getByTestId('model-picker');
    await expect(picker).toBeEnabled();
    await pickModel(page, 'llama3.2:3b');
    await expect(page.getByTestId('model-badges')).toContainText(/tools/i);

    await page.getByTestId('composer').fill('Hi there');
    await page.getByTestId('composer').press('Enter');

    await expect(page.locator('[data-testid="message"][data-role="user"]')).toContainText('Hi there');
    await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
    await expect(page.getByTestId('tokens-per-second')).toContainText(/tokens\/s/);
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    await taco.screenshot('chat-streamed-reply');
  });

  test('Shift+Enter makes a new line instead of sending', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    const composer = page.getByTestId('composer');
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await composer.fill('first line');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('second line');
    await expect(composer).toHaveValue('first line\nsecond line');
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(0);
  });

  test('thinking is shown collapsed above the answer and opens on request', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('thinking');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'qwen3:4b');
    await page.getByTestId('composer').fill('Why is the sky blue?');
    await page.getByTestId('send-button').click();

    const answer = page.getByTestId('answer-text').last();
    await expect(answer).not.toBeEmpty();
    const disclosure = page.getByTestId('thinking-disclosure');
    await expect(disclosure).toBeVisible();
    await expect(page.getByTestId('thinking')).toBeHidden();
    await page.getByTestId('thinking-toggle').click();
    await expect(page.getByTestId('thinking')).toBeVisible();
    await expect(page.getByTestId('thinking')).not.toBeEmpty();
    await taco.screenshot('chat-thinking');
  });

  test('Stop ends a run mid-stream and keeps the partial answer', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('slow-stream');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Tell me a long story');
    await page.getByTestId('composer').press('Enter');

    const answer = page.getByTestId('answer-text').last();
    await expect(answer).toContainText(/\S+ \S+ \S+/);
    await page.getByTestId('stop-button').click();

    const notice = page.getByTestId('stop-notice');
    await expect(notice).toHaveAttribute('data-reason', 'cancelled');
    const partial = (await answer.textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    await expect(page.getByTestId('send-button')).toBeVisible();
    // Nothing more arrives after the stop: a second run streams several chunks (events reach the page
    // in order, so a late chunk of the first would be here by then) and the first answer is unchanged.
    await page.getByTestId('composer').fill('And another one');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text')).toHaveCount(2);
    await expect(page.getByTestId('answer-text').nth(1)).toContainText('word3');
    expect((await page.getByTestId('answer-text').first().textContent()) ?? '').toBe(partial);
    await page.getByTestId('stop-button').click();
    await expect(page.getByTestId('send-button')).toBeVisible();
    await taco.screenshot('chat-stopped');
  });

  test('Ollama down: the banner explains, then Retry works once Ollama is up', async ({ taco, page }) => {
    const port = await taco.freePort();
    const url = `http://127.0.0.1:${port}`;
    await taco.openApp({ ollamaUrl: url });

    const banner = page.getByTestId('ollama-banner');
    await expect(banner).toHaveAttribute('data-kind', 'unreachable');
    await expect(page.getByTestId('ollama-host')).toHaveText(url);
    await expect(banner).toContainText('ollama serve');
    await expect(banner).toContainText('ollama pull llama3.2');
    await taco.screenshot('chat-ollama-down');

    await taco.startFakeOllama('basic-chat', port);
    await page.getByTestId('retry-button').click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Are you there?');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
  });

  test('an Ollama error mid-stream is a clear message in the conversation', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('mid-stream-error');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Hello');
    await page.getByTestId('composer').press('Enter');
    const notice = page.getByTestId('stop-notice');
    await expect(notice).toHaveAttribute('data-reason', 'provider_error');
    await expect(page.getByTestId('stop-error')).not.toBeEmpty();
    await taco.screenshot('chat-provider-error');
  });
});
