import { expect, test } from '../support/taco-fixture';
import type { Page } from '@playwright/test';
import { dangerousElements } from '../../renderer/src/components/markdown/testing/dangerous-elements';

/** Everything that could run script or navigate, inside the conversation. */
const DANGEROUS = [
  'script',
  'iframe:not(.md-diagram-view)',
  'object',
  'embed',
  'form',
  'meta',
  'style',
  'svg:not(.icon)',
  'math',
  '[onerror]',
  '[onload]',
  '[onclick]',
  'a[href^="javascript" i]',
  'a[href^="vbscript" i]',
  'a[href^="data" i]',
  'a[href^="file" i]',
  '[src^="javascript" i]',
  '[src^="file" i]',
  'img[src^="data:image/svg" i]',
].join(', ');

/** Answers every request that leaves localhost (there is no network in tests) and records it. */
async function recordExternal(page: Page): Promise<string[]> {
  const urls: string[] = [];
  await page.context().route(/^(?!https?:\/\/127\.0\.0\.1)/, (route) => {
    urls.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>outside</title>' });
  });
  return urls;
}

async function expectInert(page: Page): Promise<void> {
  const list = page.getByTestId('message-list');
  // What KaTeX and mermaid draw is checked inside (no handler, no link, a diagram only as a sanitised image).
  expect(await list.evaluate(dangerousElements, DANGEROUS)).toEqual([]);
  const hrefs = await list.locator('a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test.describe('markdown', () => {
  test('a rich answer: heading, highlighted code with its language and Copy, table, task list, link', async ({ taco, page }) => {
    const external = await recordExternal(page);
    const ollama = await taco.startFakeOllama('markdown');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('How do I read a CSV file in Python?');
    await page.getByTestId('composer').press('Enter');

    const answer = page.getByTestId('answer-text').last();
    await expect(answer.getByRole('heading', { name: 'Reading a CSV file in Python' })).toBeVisible();
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    const code = answer.getByTestId('code-block');
    await expect(code).toHaveAttribute('data-language', 'python');
    await expect(code.locator('.hljs-keyword').first()).toHaveText('import');
    await expect(answer.getByRole('table')).toContainText('DictReader');
    await expect(answer.getByRole('checkbox')).toHaveCount(3);
    await expect(answer.locator('del')).toHaveText('parse dates by hand');
    await expect(answer.getByRole('link', { name: 'Python docs' })).toHaveAttribute('href', 'https://docs.python.org/3/library/csv.html');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await code.getByTestId('code-copy').click();
    await expect(code.getByTestId('code-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('csv.DictReader(f)');

    // A link leaves only through main's guard, then opens in a new tab; this page stays.
    const opened = page.context().waitForEvent('page');
    await answer.getByRole('link', { name: 'Python docs' }).click();
    const tab = await opened;
    await expect.poll(() => tab.url()).toBe('https://docs.python.org/3/library/csv.html');
    // noopener: the new tab cannot reach back into TACO.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    expect(external).toEqual(['https://docs.python.org/3/library/csv.html']);
    await expect(page).toHaveURL(/127\.0\.0\.1/);
    await taco.screenshot('markdown-rich-answer');
  });

  test('a mermaid fence is drawn as a sanitised image in its view frame and $$…$$ is typeset, both loaded on first use', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('markdown');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Draw a diagram please');
    await page.getByTestId('composer').press('Enter');
    const answer = page.getByTestId('answer-text').last();
    // Shown in a view frame of its own (no script, no address), named, the drawing an image inside it.
    const view = answer.getByTestId('mermaid-diagram').locator('iframe.md-diagram-view');
    await expect(view).toHaveAttribute('sandbox', '');
    await expect(view).toHaveAccessibleName('Diagram (mermaid)');
    const diagram = view.contentFrame().getByRole('img', { name: 'Diagram (mermaid)' });
    await expect(diagram).toHaveAttribute('src', /^data:image\/svg\+xml;charset=utf-8,/);
    expect(await diagram.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(decodeURIComponent((await diagram.getAttribute('src')) ?? '')).toContain('Composer');
    // Sized by the drawing: the frame shows all of it, at the image's own proportions.
    const [frameBox, imageBox] = await Promise.all([view.boundingBox(), diagram.boundingBox()]);
    expect(frameBox && imageBox && Math.abs(frameBox.height - imageBox.height)).toBeLessThan(2);
    // A light/dark switch draws it again: the new drawing replaces the old once loaded, one frame in the end.
    await page.emulateMedia({ colorScheme: 'dark' });
    const shownView = answer.locator('iframe.md-diagram-view:not(.md-diagram-view-pending)');
    await expect(shownView).toHaveAttribute('srcdoc', /<meta name="color-scheme" content="dark">/);
    await expect(answer.locator('iframe.md-diagram-view')).toHaveCount(1);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(answer.locator('.katex').first()).toBeVisible();
    await expect(answer.locator('.katex-mathml annotation')).toHaveText('x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
    // Typeset off the window's main thread: by the markdown worker, a same-origin script the CSP admits.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
      expect.stringMatching(/\/assets\/markdown-worker-[\w-]+\.js$/),
    );
    await expectInert(page);
    await taco.screenshot('markdown-diagram-formula');
  });

  test('a heavy diagram is laid out in the sandboxed diagram frame: the page keeps drawing frames and never runs mermaid', async ({
    taco,
    page,
  }) => {
    // Before the app loads: count animation frames, and note any element mermaid's layout would add to this page.
    await page.addInitScript(() => {
      const watch = { frames: 0, mermaidInPage: [] as string[] };
      (window as unknown as { __watch: typeof watch }).__watch = watch;
      const tick = () => {
        watch.frames += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && /taco-mermaid/.test(`${node.id} ${node.querySelector('[id*="taco-mermaid"]')?.id ?? ''}`))
              watch.mermaidInPage.push(node.id || node.tagName);
      }).observe(document, { childList: true, subtree: true });
    });
    const ollama = await taco.startFakeOllama('markdown');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Draw the large diagram please');
    await page.getByTestId('composer').press('Enter');
    const answer = page.getByTestId('answer-text').last();
    await expect(answer).toContainText('That is all of it.');
    const frames = () => page.evaluate(() => (window as unknown as { __watch: { frames: number } }).__watch.frames);
    // The layout goes to the diagram frame: sandboxed, outside the conversation.
    await expect(page.locator('iframe.diagram-frame')).toHaveAttribute('sandbox', 'allow-scripts');
    // While the frame lays the diagram out, this page keeps painting: the counter moves on.
    const before = await frames();
    await expect.poll(frames).toBeGreaterThan(before + 5);
    // Drawn, or (on a machine too loaded to lay it out within the frame's deadline) torn down with the
    // reason: either way the frame decided it, and the answer shows something final.
    const drawn = answer.getByTestId('mermaid-diagram').locator('iframe.md-diagram-view').contentFrame().locator('img');
    const timedOut = answer.getByTestId('mermaid-fallback').filter({ hasText: 'took longer than' });
    await expect(drawn.or(timedOut)).toBeVisible({ timeout: 60_000 });
    if (await drawn.isVisible()) {
      await expect(drawn).toHaveAttribute('src', /^data:image\/svg\+xml;charset=utf-8,/);
      expect(decodeURIComponent((await drawn.getAttribute('src')) ?? '')).toContain('>m39<'); // the last node, labelled by its id
    }
    // Mermaid never ran in this page.
    expect(await page.evaluate(() => (window as unknown as { __watch: { mermaidInPage: string[] } }).__watch.mermaidInPage)).toEqual([]);
    await expectInert(page);
  });

  test('the hostile corpus runs nothing and links nowhere dangerous, streaming and from history', async ({ taco, page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const external = await recordExternal(page);
    const ollama = await taco.startFakeOllama('markdown');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();
    await page.getByTestId('composer').fill('Show me the hostile corpus');
    await page.getByTestId('composer').press('Enter');

    // While it streams.
    const answer = page.getByTestId('answer-text').last();
    await expect(answer).toContainText("window.__pwned='script'");
    await expectInert(page);
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    await expect(answer).toContainText('write to us');
    await expectInert(page);

    // Clicking every link and button in the answer runs nothing and opens nothing dangerous.
    page.context().on('page', (tab) => void tab.close());
    for (const link of await answer.locator('a, [data-testid="md-link-removed"], [data-testid="md-image-removed"]').all())
      await link.click();
    // Only the one safe web link left the app (the mail link copies its address instead).
    await expect.poll(() => external).toEqual(['https://ollama.com/library']);
    await expectInert(page);
    await expect(page).toHaveURL(/127\.0\.0\.1/);
    await taco.screenshot('markdown-hostile-corpus');

    // From history: reload, open the conversation again.
    await page.reload();
    await page.getByTestId('conversation-item').first().click();
    await expect(page.getByTestId('answer-text').last()).toContainText("window.__pwned='script'");
    await expectInert(page);
    expect(dialogs).toEqual([]);
  });
});
