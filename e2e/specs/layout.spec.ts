import AxeBuilder from '@axe-core/playwright';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type TacoHarness } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

/**
 * The layout adapts to the window: at every size and in both themes nothing scrolls sideways, no
 * two header controls overlap (even with an added model server that does not answer), and at
 * 800 px the chat column and the composer keep at least 480 px.
 */
const SIZES = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const MIN_CHAT_WIDTH = 480;

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The header's visible controls (title, picker, badges, status dot, buttons) with their boxes. */
function headerBoxes(page: Page): Promise<{ header: Box; controls: Box[] }> {
  return page.evaluate(() => {
    const header = document.querySelector('.chat-header');
    if (!header) throw new Error('no chat header');
    const box = (element: Element, name: string) => {
      const rect = element.getBoundingClientRect();
      return { name, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const controls = [...header.querySelectorAll('h1, select, button, .badge, .capability-badges > *')]
      .filter((element) => element.getBoundingClientRect().width > 0)
      .map((element, index) => box(element, `${element.tagName.toLowerCase()}#${index} ${element.textContent?.trim().slice(0, 30) ?? ''}`));
    return { header: box(header, 'header'), controls };
  });
}

/** A data folder whose settings add a model server on a port nothing listens on. */
async function dataWithDeadServer(taco: TacoHarness): Promise<string> {
  const data = taco.tempDir('taco-e2e-data-');
  const deadServer = {
    id: 'office',
    name: 'Workstation in the office with a long name',
    kind: 'ollama',
    baseUrl: `http://127.0.0.1:${await taco.freePort()}`,
    headers: {},
    allowInsecure: false,
    connectTimeoutMs: 3000,
    enabled: true,
    toolSupport: {},
  };
  writeFileSync(join(data, 'settings.json'), JSON.stringify({ format: 'taco-settings', version: 1, settings: { servers: [deadServer] } }));
  return data;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

function contains(outer: Box, inner: Box): boolean {
  return inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const selectors = ['html', 'body', '.app', '.chat', '.chat-header', '.composer', '.message-list'];
    return selectors.map((selector) => {
      const element = document.querySelector(selector);
      return { selector, scroll: element?.scrollWidth ?? 0, client: element?.clientWidth ?? 0 };
    });
  });
  for (const { selector, scroll, client } of widths) expect(scroll, `${selector} scrolls sideways`).toBeLessThanOrEqual(client);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`layout at ${size.width}×${size.height}, ${scheme}: no sideways scroll, no overlapping header controls`, async ({
      taco,
      page,
    }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      const workspace = taco.tempDir('taco-e2e-ws-');
      writeFileSync(join(workspace, 'notes.txt'), 'Buy milk and eggs\n');
      // An added model server on a port nothing listens on: its error must not break the header.
      const data = await dataWithDeadServer(taco);
      const ollama = await taco.startFakeOllama('agent-demo');
      await taco.openApp({ ollamaUrl: ollama.url, workspace, dataDir: data });

      await expect(page.getByTestId('model-server-status')).toHaveAttribute('aria-label', /Workstation in the office/);
      await pickModel(page, 'llama3.2:3b');
      // The tool-stack panel is a thin rail while nothing ran.
      await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'true');
      await page.getByTestId('composer').fill('Read my notes please');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('answer-text').last()).toContainText('Buy milk and eggs');
      // It opens when tools ran, except in the narrow layout, where it stays a rail over the chat's edge.
      await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', size.width < 1000 ? 'true' : 'false');

      await expectNoSidewaysScroll(page);
      const { header, controls } = await headerBoxes(page);
      expect(controls.length).toBeGreaterThanOrEqual(5);
      for (const control of controls) expect(contains(header, control), `${control.name} sticks out of the header`).toBe(true);
      for (let i = 0; i < controls.length; i += 1)
        for (let j = i + 1; j < controls.length; j += 1) {
          const [a, b] = [controls[i]!, controls[j]!];
          expect(overlaps(a, b), `${a.name} overlaps ${b.name}`).toBe(false);
        }

      const chat = await page.locator('main.chat').boundingBox();
      const composer = await page.getByTestId('composer').locator('xpath=ancestor::div[contains(@class,"composer-box")]').boundingBox();
      expect(chat?.width ?? 0).toBeGreaterThanOrEqual(MIN_CHAT_WIDTH);
      expect(composer?.width ?? 0).toBeGreaterThanOrEqual(MIN_CHAT_WIDTH);
      // The columns fill the window's height: nothing else (a toast region, say) takes a grid row from them.
      expect(Math.round(chat?.height ?? 0)).toBe(size.height);
      expect((composer?.y ?? 0) + (composer?.height ?? 0)).toBeGreaterThan(size.height - 120);
    });
  }
}

test('at 800 px the conversations open in a drawer from the rail, and picking one closes it', async ({ taco, page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  const ollama = await taco.startFakeOllama('basic-chat');
  await taco.openApp({ ollamaUrl: ollama.url });
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await page.getByTestId('composer').fill('Hi there');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
  await expect(page.getByTestId('new-chat')).toHaveCount(0);

  await page.getByTestId('rail-new-chat').click();
  await expect(page.getByTestId('chat-title')).toHaveText('New chat');
  await page.getByTestId('rail-conversations').click();
  const drawer = page.getByRole('navigation', { name: 'Conversations' });
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('conversation-item').first().click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('chat-title')).not.toHaveText('New chat');

  // The tool stack opens over the chat from its rail, and Esc closes it.
  await page.getByTestId('stack-panel-toggle').click();
  await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'false');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'true');
});

/** The header's model picker: the name it shows, how wide that is and how wide it would be uncut. */
function pickerName(page: Page): Promise<{ text: string; shown: number; whole: number }> {
  return page.getByTestId('model-picker').evaluate((trigger) => {
    const name = trigger.querySelector('.model-trigger-name');
    if (!name) throw new Error('no model name in the picker');
    return { text: name.textContent ?? '', shown: name.getBoundingClientRect().width, whole: name.scrollWidth };
  });
}

/** A model's name is read when at least this much of it shows (cut at the end beyond). */
const MIN_PICKER_NAME_WIDTH = 80;

test('with the artifact pane open or closed the model picker names the model, and the header controls fit', async ({ taco, page }) => {
  // An added server that does not answer: its status dot and the server's name in the picker take room too.
  const data = await dataWithDeadServer(taco);
  const ollama = await taco.startFakeOllama('artifacts');
  await taco.openApp({ ollamaUrl: ollama.url, dataDir: data });
  await expect(page.getByTestId('model-server-status')).toHaveAttribute('aria-label', /Workstation in the office/);
  await pickModel(page, 'llama3.2:3b');
  await page.getByTestId('composer').fill('Make me a clock page');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text').last().getByTestId('code-preview')).toBeVisible();
  await expect(page.getByTestId('stop-button')).toHaveCount(0);

  for (const pane of ['closed', 'open'] as const) {
    if (pane === 'open') {
      await page.getByTestId('answer-text').last().getByTestId('code-preview').click();
      await expect(page.getByTestId('artifact-pane')).toBeVisible();
    }
    // Below 1000 px the pane is a drawer over the chat: the header under it is not squeezed. At
    // 1000 px it is beside the chat, and the chat column is narrowest (about 370 px).
    const sizes = pane === 'open' ? [{ width: 1000, height: 700 }, ...SIZES.filter((entry) => entry.width >= 1000)] : SIZES;
    for (const size of sizes) {
      await page.setViewportSize(size);
      // The header adapts to its column a frame or two after a resize: read it once it has.
      await expect
        .poll(async () => (await pickerName(page)).shown, { message: `picker name width at ${size.width}, pane ${pane}` })
        .toBeGreaterThanOrEqual(MIN_PICKER_NAME_WIDTH);
      const name = await pickerName(page);
      expect(name.text, `picker at ${size.width}, pane ${pane}`).toBe('llama3.2:3b');
      expect(name.shown, `picker name width at ${size.width}, pane ${pane}`).toBeGreaterThanOrEqual(MIN_PICKER_NAME_WIDTH);
      // A short name is shown whole.
      expect(name.shown, `picker name cut at ${size.width}, pane ${pane}`).toBeGreaterThanOrEqual(name.whole - 0.5);
      const { header, controls } = await headerBoxes(page);
      for (const control of controls)
        expect(contains(header, control), `${control.name} sticks out at ${size.width}, pane ${pane}`).toBe(true);
      for (let i = 0; i < controls.length; i += 1)
        for (let j = i + 1; j < controls.length; j += 1)
          expect(overlaps(controls[i]!, controls[j]!), `${controls[i]!.name} overlaps ${controls[j]!.name} at ${size.width}`).toBe(false);
    }
  }

  // At 1000 with the pane open the header's buttons are icons named by their labels, and the picker's tooltip names the model.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(page.getByRole('button', { name: 'Models', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Documents', exact: true })).toBeVisible();
  for (const icon of ['models-button', 'documents-button'])
    expect((await page.getByTestId(icon).boundingBox())?.width ?? 0).toBeLessThan(48);
  // The icons keep their names and their contrast (axe: no serious or critical violation in the header).
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).include('.chat-header').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      scheme,
    ).toEqual([]);
  }
  await page.getByTestId('model-picker').hover();
  await expect(page.getByRole('tooltip')).toContainText('llama3.2:3b');
});

test('with the artifact pane and the tool stack open the panels give way: the composer keeps a usable width', async ({ taco, page }) => {
  const ollama = await taco.startFakeOllama('artifacts');
  await taco.openApp({ ollamaUrl: ollama.url });
  await pickModel(page, 'llama3.2:3b');
  await page.getByTestId('composer').fill('Make me a clock page');
  await page.getByTestId('composer').press('Enter');
  await expect(page.getByTestId('answer-text').last().getByTestId('code-preview')).toBeVisible();
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
  await page.getByTestId('answer-text').last().getByTestId('code-preview').click();
  await expect(page.getByTestId('artifact-pane')).toBeVisible();
  if (await page.getByTestId('stack-panel').evaluate((panel) => panel.classList.contains('collapsed')))
    await page.getByTestId('stack-panel-toggle').click();
  await expect(page.getByTestId('stack-panel')).not.toHaveClass(/collapsed/);

  for (const width of [1000, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(async () => (await page.locator('.composer-box').boundingBox())?.width ?? 0, { message: `composer width at ${width}` })
      .toBeGreaterThanOrEqual(MIN_COMPOSER_WIDTH);
    // The text field in it, beside its buttons, is still wide enough to read a line of what one types.
    if (width >= 1280) expect((await page.getByTestId('composer').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(MIN_TEXT_WIDTH);
    // Where all four fit, the sidebar stays; where they do not, it is the rail, its drawer a click away.
    await expect(page.getByTestId('sidebar-rail')).toBeVisible({ visible: width < 1440 });
    await expect(page.getByTestId('new-chat')).toBeVisible({ visible: width >= 1440 });
    if (width === 1280) await taco.screenshot('layout-every-panel-1280');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('rail-conversations').click();
  await expect(page.getByTestId('new-chat')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('new-chat')).toBeHidden();
  await expect(page.getByTestId('artifact-pane')).toBeVisible();
});

/** Narrower than this, a composer leaves too little room to read what one types. */
const MIN_COMPOSER_WIDTH = 320;
const MIN_TEXT_WIDTH = 200;
