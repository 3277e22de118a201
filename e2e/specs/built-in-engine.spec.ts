import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeModelHost, type FakeModelHost } from '../../electron/services/engine/library/testing/fake-model-host';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SCRIPTLESS_FRAMES, WCAG_TAGS } from '../support/axe';
import { REPO_ROOT } from '../support/processes';
import { tinyGgufBytes } from '../../test-support/gguf/tiny-gguf';
import { expect, test } from '../support/taco-fixture';

/** Where the views' screenshots go when TACO_SHOTS names a folder (reviewing the UI); none otherwise. */
const SHOTS = process.env['TACO_SHOTS'] ?? null;
const SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

let host: FakeModelHost;

/**
 * The model the local host serves: a real (tiny, random) GGUF the engine runs, shaped to open one
 * tool call and then answer in a word (test-support/gguf/answer-after-call.ts), whatever is sampled.
 */
const MODEL = tinyGgufBytes({ toolCallBias: 12, answerAfterCall: true });

test.beforeEach(async () => {
  host = await startFakeModelHost(MODEL);
  // The web host downloads from this local stand-in for Hugging Face (same paths).
  process.env['TACO_MODEL_DOWNLOAD_URL'] = new URL(host.url).origin;
});
test.afterEach(async () => {
  delete process.env['TACO_MODEL_DOWNLOAD_URL'];
  await host.close();
});

/** Settings where the model may call one tool, list_directory, and must be asked first: the only call a random model can make. */
function onlyListDirectory(dataDir: string): void {
  const tools = join(REPO_ROOT, 'tools');
  const ids = readdirSync(tools, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'catalogue')
    .flatMap((entry) => readdirSync(join(tools, entry.name)).filter((file) => file.endsWith('.json')))
    .map((file) => file.replace(/\.json$/, ''));
  const toolApprovals = Object.fromEntries(ids.map((id) => [id, id === 'list_directory' ? 'ask' : 'never']));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ format: 'taco-settings', version: 1, settings: { toolApprovals } }));
}

test.describe('the built-in engine on a machine without Ollama', () => {
  test('the welcome offers a download beside Connect to Ollama; after it the user asks, approves a tool call and gets an answer', async ({
    taco,
    page,
  }) => {
    // Real inference on a shared CPU: TACO's whole prompt is read by the engine for the first step.
    test.setTimeout(360_000);
    host.behave({ type: 'hold', afterBytes: Math.floor(MODEL.length / 2) }, { type: 'file' });
    const workspace = taco.tempDir('taco-e2e-ws-');
    writeFileSync(join(workspace, 'notes.txt'), 'hello\n');
    const dataDir = taco.tempDir('taco-e2e-data-');
    onlyListDirectory(dataDir);
    const app = await taco.openApp({ ollamaUrl: 'http://127.0.0.1:9', workspace, dataDir });
    const banner = page.getByTestId('ollama-banner');
    await expect(banner).toHaveAttribute('data-kind', 'unreachable');
    await expect(page.getByTestId('retry-button')).toHaveText('Connect to Ollama');
    const offer = page.getByTestId('download-built-in');
    await expect(offer).toHaveText(/^Use the built-in engine: download .+ \(\d+(\.\d)? [MG]B\)$/);
    expect(await violationsIn(page, '[data-testid="ollama-banner"]')).toEqual([]);
    await shoot(page, 'welcome', '[data-testid="ollama-banner"]');

    await offer.click();
    const status = page.getByTestId('engine-download');
    await expect(status).toContainText(/\(\d+%\)/);
    await expect(page.getByRole('progressbar')).toHaveAttribute('value', /^\d+$/);
    expect(await violationsIn(page, '[data-testid="ollama-banner"]')).toEqual([]);
    await shoot(page, 'welcome-downloading', '[data-testid="ollama-banner"]');

    host.release();
    await expect(status).toHaveCount(0);
    // Downloaded, verified, and made the default model: the next message goes to the built-in engine.
    const settingsFile = join(app.dataDir, 'settings.json');
    await expect
      .poll(() => (JSON.parse(readFileSync(settingsFile, 'utf8')) as { settings?: { defaultModel?: string } }).settings?.defaultModel)
      .toMatch(/^built-in::.+\.gguf$/);
    expect(existsSync(join(app.dataDir, 'models'))).toBe(true);
    expect(host.ranges).toEqual([null]);

    // No terminal: the user asks, the engine's grammar writes the call, the user approves it, the model answers.
    await page.getByTestId('composer').fill('What is in this folder?');
    await page.getByTestId('composer').press('Enter');
    const card = page.getByTestId('approval-card');
    // The first step loads the model and reads TACO's whole prompt on the CPU: on a busy machine that is tens of seconds.
    await expect(card).toHaveAttribute('aria-label', 'Approval for List Directory', { timeout: 150_000 });
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('tool-row').first()).toHaveAttribute('data-tool', 'list_directory');
    await expect(page.getByTestId('tool-row').first()).toHaveAttribute('data-state', /^(done|failed)$/);
    await expect(page.getByTestId('answer-text').last()).not.toBeEmpty({ timeout: 150_000 });
    await expect(page.getByTestId('stop-button')).toHaveCount(0, { timeout: 60_000 });
  });

  test('Settings → Built-in models lists the catalogue with fit labels', async ({ taco, page }) => {
    await taco.openApp({ ollamaUrl: 'http://127.0.0.1:9' });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Built-in models' }).click();
    const list = page.getByTestId('built-in-models');
    await expect(list.getByTestId('engine-catalogue-model').first()).toBeVisible();
    await expect(list.getByTestId('fit-badge').first()).toHaveText(/^(Fits|May be slow|Won't fit)$/);
    expect(await violationsIn(page, '[role="dialog"]')).toEqual([]);
    await shoot(page, 'built-in-models', '[role="dialog"]');
  });
});

async function shoot(page: Page, name: string, scope: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      if (size.width === 800) expect(await violationsIn(page, scope)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

/** Serious or critical axe violations (WCAG 2 A/AA) inside what this feature draws. */
async function violationsIn(page: Page, scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(scope).withTags(WCAG_TAGS).exclude(SCRIPTLESS_FRAMES).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
