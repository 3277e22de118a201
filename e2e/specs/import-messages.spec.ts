import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from '../support/axe';
import { REPO_ROOT } from '../support/processes';
import { expect, test } from '../support/taco-fixture';

const CHATGPT_EXPORT = join(REPO_ROOT, 'test-support', 'imports', 'chatgpt-conversations.json');

/** Whether two boxes share any pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('import messages', () => {
  test('a refused import is told once, with the import, and never over the conversations; a finished one leaves Send uncovered', async ({
    taco,
    page,
  }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();

    const bad = join(taco.tempDir('taco-e2e-import-'), 'notes.json');
    writeFileSync(bad, '{"hello": "world"}');
    await page.getByTestId('import-file').setInputFiles(bad);
    const refusal = page.getByTestId('toast').filter({ hasText: 'notes.json' });
    await expect(refusal).toContainText('it is not a conversation exported from TACO');
    const words = (await refusal.innerText()).match(/not imported|cannot be imported|nothing was imported/gi);
    expect(words, 'the refusal says once that nothing was imported').toHaveLength(1);
    // The import's message, not a banner above the composer of every conversation.
    await expect(page.getByTestId('error-notice')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);

    await page.getByTestId('import-file').setInputFiles(CHATGPT_EXPORT);
    const imported = page.getByTestId('toast').filter({ hasText: 'Imported 2 conversations from ChatGPT' });
    await expect(imported).toBeVisible();
    await expect(page.getByTestId('error-notice')).toHaveCount(0);
    const send = page.getByTestId('send-button');
    for (const width of [800, 1280, 1920]) {
      await page.setViewportSize({ width, height: width === 800 ? 600 : 900 });
      const toastBox = await imported.boundingBox();
      const sendBox = await send.boundingBox();
      if (!toastBox || !sendBox) throw new Error('the toast and Send must both be on screen');
      expect(overlap(toastBox, sendBox), `the toast covers Send at ${width} px`).toBe(false);
      await taco.screenshot(`import-toast-${width}`);
    }
  });
});
