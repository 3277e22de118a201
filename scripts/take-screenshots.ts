/**
 * Writes screenshots of TACO's main views into docs/screenshots/ (referenced from the README), so
 * they stay current: `npm run screenshots` (builds the renderer and the web host first). It drives
 * the real renderer through the web host against the fake Ollama server, with the same harness the
 * e2e specs use, at 800, 1280 and 1920 px wide, light and dark. Needs Chromium (/usr/bin/chromium, or
 * TACO_CHROMIUM).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { TacoHarness } from '../e2e/support/taco-fixture';
import { REPO_ROOT } from '../e2e/support/processes';
import { pickModel as pickModelRef } from '../e2e/support/model-picker';

const OUT_DIR = join(REPO_ROOT, 'docs', 'screenshots');
const SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

interface View {
  name: string;
  /** Brings the freshly opened app to the view. */
  show: (page: Page, taco: TacoHarness) => Promise<void>;
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}

async function pickModel(page: Page): Promise<void> {
  await pickModelRef(page, 'llama3.2:3b');
}

const VIEWS: readonly View[] = [
  {
    name: 'chat-tools',
    show: async (page) => {
      await pickModel(page);
      await send(page, 'Read my notes please');
      await page.getByTestId('answer-text').last().filter({ hasText: 'Buy milk' }).waitFor();
    },
  },
  {
    name: 'approval',
    show: async (page) => {
      await pickModel(page);
      await send(page, 'Save a greeting file');
      await page.getByTestId('approval-card').waitFor();
    },
  },
  {
    name: 'workflows',
    show: async (page) => {
      await pickModel(page);
      await page.getByTestId('workflow-button').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'model-picker',
    show: async (page) => {
      await pickModel(page);
      await page.getByTestId('model-picker').click();
      await page.getByTestId('model-picker-popover').waitFor();
    },
  },
  {
    name: 'sub-agent',
    show: async (page) => {
      await pickModel(page);
      await send(page, 'Go deep');
      await page.getByTestId('depth-continue').click();
      await page.getByTestId('answer-text').last().filter({ hasText: 'Level 1 is done.' }).waitFor();
      await page.getByTestId('delegation-toggle').click();
    },
  },
  {
    name: 'documents',
    show: async (page) => {
      await pickModel(page);
      await send(page, 'Save a greeting file');
      await page.getByTestId('approval-allow-once').click();
      await page.getByTestId('answer-text').last().waitFor();
      await page.getByTestId('documents-button').click();
      await page.getByTestId('documents-dialog').waitFor();
    },
  },
  {
    name: 'settings',
    show: async (page) => {
      await page.getByTestId('composer').waitFor();
      await page.keyboard.press('Control+Comma');
      await page.getByTestId('settings-dialog').waitFor();
    },
  },
];

async function main(): Promise<void> {
  // `--only name` takes one view (to look at it while working on it).
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.TACO_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const written: string[] = [];
  try {
    for (const view of VIEWS.filter((each) => only === undefined || each.name === only))
      for (const size of SIZES)
        for (const scheme of SCHEMES) {
          const page = await browser.newPage({ viewport: size, colorScheme: scheme });
          const taco = new TacoHarness(page);
          try {
            const workspace = taco.tempDir('taco-shots-ws-');
            writeFileSync(join(workspace, 'notes.txt'), 'Buy milk and eggs\n');
            const ollama = await taco.startFakeOllama('agent-demo');
            await taco.openApp({ ollamaUrl: ollama.url, workspace });
            await view.show(page, taco);
            const file = join(OUT_DIR, `${view.name}-${size.width}-${scheme}.png`);
            await page.screenshot({ path: file });
            written.push(file);
          } finally {
            await page.close();
            await taco.dispose();
          }
        }
  } finally {
    await browser.close();
  }
  console.log(`Wrote ${written.length} screenshots to ${OUT_DIR}`);
}

await main();
