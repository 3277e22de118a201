import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from '../../scripts/chromium-location';
import { expect, test } from '../support/taco-fixture';

/**
 * The artifact preview in the Chromium of Electron's window: electron/hosts/electron/start-main.ts
 * enables BlockingFocusWithoutUserActivation, so a frame of another origin may call focus() only
 * after the user's click inside it. A browser tab of the web host has no such rule: there the
 * window's focus guard sends focus back, which narrows but does not close the race
 * (docs/security.md, the artifact preview's "what remains").
 */
test.use({
  launchOptions: {
    executablePath: process.env.TACO_CHROMIUM ?? DEFAULT_CHROMIUM,
    // The switches of e2e/playwright.config.ts, and the feature Electron's window enables.
    args: [...CHROMIUM_ARGS, '--enable-blink-features=BlockingFocusWithoutUserActivation'],
  },
});

/** Sends one message and waits for its answer to finish. */
async function ask(page: Page, text: string): Promise<void> {
  const answers = await page.getByTestId('answer-text').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text')).toHaveCount(answers + 1);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
}

/** The last answer's code block's Preview. */
async function preview(page: Page): Promise<void> {
  await page.getByTestId('answer-text').last().getByTestId('code-preview').click();
  await expect(page.getByTestId('artifact-pane')).toBeVisible();
}

test('an artifact that focuses itself in a loop never gets the keyboard: the composer gets every key, the artifact none', async ({
  taco,
  page,
}) => {
  const ollama = await taco.startFakeOllama('artifacts');
  await taco.openApp({ ollamaUrl: ollama.url });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await ask(page, 'Listen to what I type');
  await preview(page);
  // Nothing here looks inside the frame until the typing is done: a script Playwright runs in a
  // frame counts as the user's activation there, which would let the artifact take focus.
  await expect(page.getByTestId('artifact-frame')).toHaveAttribute('data-state', 'running');
  const inner = page.frameLocator('[data-testid=artifact-frame]').frameLocator('iframe');
  const composer = page.getByTestId('composer');

  await composer.click();
  await page.keyboard.type('my secret words', { delay: 40 });
  const typingEnded = Date.now();
  await expect(composer).toHaveValue('my secret words');
  for (const width of [800, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await taco.screenshot(`artifact-preview-inert-${width}`);
  }
  // The artifact's loop was running before the last key, and no key reached it: read in one go, the
  // first look inside the frame (later looks are activations there).
  const [first, keys] = await inner
    .locator('body')
    .evaluate(() => ['first', 'typed'].map((id) => document.getElementById(id)?.textContent ?? ''));
  expect(first).not.toBe('');
  expect(Number(first)).toBeLessThan(typingEnded);
  expect(keys).toBe('');
});
