import { endMarker, writeConversations } from '../../bench/bench-data';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('a long conversation (virtualized message list)', () => {
  test('opens at its newest messages with only those in the DOM, scrolls back, and follows a new answer', async ({ taco, page }) => {
    const dataDir = taco.tempDir('taco-e2e-long-');
    await writeConversations(dataDir, [{ title: 'Long chat', messages: 2000 }]);
    const ollama = await taco.startFakeOllama('bench-paced-stream');
    await taco.openApp({ ollamaUrl: ollama.url, dataDir });

    await page.getByTestId('conversation-item').filter({ hasText: 'Long chat' }).click();
    const answers = page.getByTestId('answer-text');
    await expect(answers.last()).toContainText(endMarker('Long chat'));
    await expect(answers.last()).toBeInViewport();
    const inDom = await page.getByTestId('message').count();
    expect(inDom).toBeGreaterThan(2);
    expect(inDom).toBeLessThan(60);
    await taco.screenshot('long-conversation-open');

    // Reading back: older messages come into the DOM as they come into view, and leave it after.
    const firstNumber = async (): Promise<number> =>
      Number(/(?:Question|Answer) (\d+)/.exec((await page.getByTestId('message').first().textContent()) ?? '')?.[1] ?? NaN);
    const before = await firstNumber();
    await page.getByTestId('message-list').hover();
    for (let turn = 0; turn < 10; turn += 1) await page.mouse.wheel(0, -4000);
    // Rows a scroll brings in render after the scroll's own task, so the burst may end at the newest
    // page's top while the page before it arrives (the view stays put): a reader keeps scrolling.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -4000);
        return firstNumber();
      })
      .toBeLessThan(before - 20);
    expect(await page.getByTestId('message').count()).toBeLessThan(60);

    // Opening sent only the newest page (DEFAULTS.conversationPageEvents: 20 exchanges here): reading further back loads older pages.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -4000);
          return firstNumber();
        },
        { timeout: 30_000 },
      )
      .toBeLessThan(before - 150);
    expect(await page.getByTestId('message').count()).toBeLessThan(60);

    // What the reader sees stays put while an older page arrives in front of it...
    await page.getByTestId('message-list').evaluate((element) => {
      element.scrollTop += 1500;
    });
    await expect(page.locator('[data-testid="load-earlier"]:disabled')).toHaveCount(0);
    const columnHeight = () => page.locator('.message-column-virtual').evaluate((element) => element.getBoundingClientRect().height);
    const heightBefore = await columnHeight();
    const beforePage = await settledView(page);
    await page.getByTestId('load-earlier').click();
    await expect.poll(columnHeight).toBeGreaterThan(heightBefore);
    const afterPage = await settledView(page);
    expect(afterPage.key).toBe(beforePage.key);
    expect(Math.abs(afterPage.offset - beforePage.offset)).toBeLessThanOrEqual(2);

    // ...and while a new answer streams in below it: scrolled up, a new answer does not pull the view down.
    await pickModel(page, 'llama3.2:3b');
    const beforeAnswer = await settledView(page);
    await watchView(page, beforeAnswer);
    await send(page, 'Write 3000 tokens');
    const watched = await stopWatchingView(page);
    expect(watched.frames).toBeGreaterThan(0);
    expect(watched.keys).toEqual([beforeAnswer.key]);
    expect(watched.drift).toBeLessThanOrEqual(2);
    const afterAnswer = await settledView(page);
    expect(afterAnswer.key).toBe(beforeAnswer.key);
    expect(Math.abs(afterAnswer.offset - beforeAnswer.offset)).toBeLessThanOrEqual(2);
    await expect(answers.last()).not.toBeInViewport();

    // ...and back at the bottom ("Jump to latest", offered while reading back), the next one is followed as it streams.
    await taco.screenshot('long-conversation-reading-back');
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
    await expect(page.getByTestId('tokens-per-second').last()).toBeInViewport();
    await send(page, 'Write 2000 tokens');
    await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toContainText('Write 2000 tokens');
    await expect(page.getByTestId('tokens-per-second').last()).toBeInViewport();
    await taco.screenshot('long-conversation-followed');
  });
});

interface ReaderView {
  /** The stable key (message id) of the first row whose bottom is below the list's top. */
  key: string;
  /** Its top's offset (px) from the list's top: negative when it is partly scrolled out. */
  offset: number;
}

/**
 * What the reader sees once the list has stopped moving: read at each animation frame until three
 * frames in a row show the same scroll position and the same top row at the same offset.
 */
async function settledView(page: Page): Promise<ReaderView> {
  return page.getByTestId('message-list').evaluate(
    (list) =>
      new Promise<ReaderView>((resolve) => {
        const read = (): ReaderView & { scrollTop: number } => {
          const top = list.getBoundingClientRect().top;
          for (const row of list.querySelectorAll<HTMLElement>('.message-row')) {
            const rect = row.getBoundingClientRect();
            if (rect.bottom > top) return { key: row.dataset.key ?? '', offset: rect.top - top, scrollTop: list.scrollTop };
          }
          return { key: '', offset: 0, scrollTop: list.scrollTop };
        };
        let last = read();
        let same = 0;
        const frame = (): void => {
          const now = read();
          same = now.key === last.key && now.offset === last.offset && now.scrollTop === last.scrollTop ? same + 1 : 0;
          last = now;
          if (same >= 3) resolve({ key: now.key, offset: now.offset });
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The reader's view at every animation frame until `stopWatchingView`: the top rows seen, the largest drift (px). */
interface ViewWatch {
  frames: number;
  keys: string[];
  drift: number;
  watching: boolean;
}

async function watchView(page: Page, expected: ReaderView): Promise<void> {
  await page.getByTestId('message-list').evaluate((list, view) => {
    const watch: ViewWatch = { frames: 0, keys: [], drift: 0, watching: true };
    (window as unknown as { tacoViewWatch?: ViewWatch }).tacoViewWatch = watch;
    const frame = (): void => {
      if (!watch.watching) return;
      const top = list.getBoundingClientRect().top;
      const row = [...list.querySelectorAll<HTMLElement>('.message-row')].find(
        (candidate) => candidate.getBoundingClientRect().bottom > top,
      );
      const key = row?.dataset.key ?? '';
      if (!watch.keys.includes(key)) watch.keys.push(key);
      if (row && key === view.key) watch.drift = Math.max(watch.drift, Math.abs(row.getBoundingClientRect().top - top - view.offset));
      watch.frames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, expected);
}

async function stopWatchingView(page: Page): Promise<Omit<ViewWatch, 'watching'>> {
  return page.evaluate(() => {
    const watch = (window as unknown as { tacoViewWatch?: ViewWatch }).tacoViewWatch;
    if (!watch) throw new Error('not watching the view');
    watch.watching = false;
    return { frames: watch.frames, keys: watch.keys, drift: watch.drift };
  });
}

/**
 * Sends a message and waits until its run has started and finished. The Stop button shows only
 * while the answer streams (well under a second here), so a poll could miss it on a loaded
 * machine: the page itself latches, from a DOM mutation, that it appeared.
 */
async function send(page: Page, text: string): Promise<void> {
  await page.evaluate(() => {
    const page = window as unknown as { tacoStopSeen?: boolean };
    page.tacoStopSeen = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="stop-button"]') === null) return;
      page.tacoStopSeen = true;
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('composer')).toHaveValue('');
  await page.waitForFunction(() => (window as unknown as { tacoStopSeen?: boolean }).tacoStopSeen === true);
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
}
