import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimalGguf } from '../../electron/services/engine/library/testing/minimal-gguf';
import { startFakeModelHost, type FakeModelHost } from '../../electron/services/engine/library/testing/fake-model-host';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SCRIPTLESS_FRAMES, WCAG_TAGS } from '../support/axe';
import { expect, test } from '../support/taco-fixture';

/** Where the views' screenshots go when TACO_SHOTS names a folder (reviewing the UI); none otherwise. */
const SHOTS = process.env['TACO_SHOTS'] ?? null;
const SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

let host: FakeModelHost;

test.beforeEach(async () => {
  host = await startFakeModelHost(minimalGguf({ padTo: 2_000_000 }));
  // The web host downloads from this local stand-in for Hugging Face (same paths).
  process.env['TACO_MODEL_DOWNLOAD_URL'] = new URL(host.url).origin;
});
test.afterEach(async () => {
  delete process.env['TACO_MODEL_DOWNLOAD_URL'];
  await host.close();
});

test.describe('the built-in engine on a machine without Ollama', () => {
  test('the welcome offers a download beside Connect to Ollama; its progress shows; the model is then selected', async ({ taco, page }) => {
    host.behave({ type: 'hold', afterBytes: 1_000_000 }, { type: 'file' });
    const app = await taco.openApp({ ollamaUrl: 'http://127.0.0.1:9' });
    const banner = page.getByTestId('ollama-banner');
    await expect(banner).toHaveAttribute('data-kind', 'unreachable');
    await expect(page.getByTestId('retry-button')).toHaveText('Connect to Ollama');
    const offer = page.getByTestId('download-built-in');
    await expect(offer).toHaveText(/^Use the built-in engine: download .+ \(\d+(\.\d)? [MG]B\)$/);
    expect(await violationsIn(page, '[data-testid="ollama-banner"]')).toEqual([]);
    await shoot(page, 'welcome', '[data-testid="ollama-banner"]');

    await offer.click();
    const status = page.getByTestId('engine-download');
    await expect(status).toContainText('(50%)');
    await expect(page.getByRole('progressbar')).toHaveAttribute('value', /^\d+$/);
    expect(await violationsIn(page, '[data-testid="ollama-banner"]')).toEqual([]);
    await shoot(page, 'welcome-downloading', '[data-testid="ollama-banner"]');

    host.release();
    await expect(status).toHaveCount(0);
    // Downloaded, verified, and made the default model: the next message goes to the built-in engine.
    const settingsFile = join(app.dataDir, 'settings.json');
    await expect
      .poll(() =>
        existsSync(settingsFile)
          ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as { settings?: { defaultModel?: string } }).settings?.defaultModel
          : null,
      )
      .toMatch(/^built-in::.+\.gguf$/);
    expect(existsSync(join(app.dataDir, 'models'))).toBe(true);
    expect(host.ranges).toEqual([null]);
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
