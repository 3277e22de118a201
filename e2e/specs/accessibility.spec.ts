import { pickModel } from '../support/model-picker';
import { seriousViolations } from '../support/axe';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/taco-fixture';

/**
 * axe-core over the views a new user meets, in light and dark: no serious or critical violation
 * (WCAG 2 A/AA rules: contrast, names, roles, allowed ARIA). Each failure names the rule and the
 * elements, so the fix is findable.
 */
const THEMES = ['light', 'dark'] as const;

async function expectAccessible(page: Page, view: string): Promise<void> {
  expect(await seriousViolations(page), view).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(`accessibility (${theme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
    });

    test('empty chat, at 1280 and at 800×600', async ({ taco, page }) => {
      const ollama = await taco.startFakeOllama('basic-chat');
      await taco.openApp({ ollamaUrl: ollama.url });
      await expect(page.getByTestId('model-picker')).toBeEnabled();
      await expectAccessible(page, 'empty chat');
      await page.setViewportSize({ width: 800, height: 600 });
      await expectAccessible(page, 'empty chat at 800×600');
    });

    test('settings, each page', async ({ taco, page }) => {
      const ollama = await taco.startFakeOllama('basic-chat');
      await taco.openApp({ ollamaUrl: ollama.url });
      await expect(page.getByTestId('model-picker')).toBeEnabled();

      await page.getByTestId('settings-button').click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      for (const tab of await settings.getByRole('tab').all()) {
        await tab.click();
        await expectAccessible(page, `settings: ${await tab.textContent()}`);
      }
      await page.keyboard.press('Escape');
      await expect(settings).toHaveCount(0);
    });

    test('dialogs: catalogue, workflow picker and form, models', async ({ taco, page }) => {
      const ollama = await taco.startFakeOllama('basic-chat');
      await taco.openApp({ ollamaUrl: ollama.url });
      await expect(page.getByTestId('model-picker')).toBeEnabled();

      await page.getByTestId('catalogue-button').click();
      await expect(page.getByTestId('catalogue')).toBeVisible();
      await expectAccessible(page, 'catalogue');
      await page.keyboard.press('Escape');

      await page.keyboard.press('Control+Shift+W');
      await expect(page.getByTestId('workflow-picker')).toBeVisible();
      await expectAccessible(page, 'workflow picker');
      await page.getByTestId('workflow-search').fill('project');
      await page.locator('[data-testid="workflow-choice"][data-workflow-id="create_project"]').click();
      await expect(page.getByTestId('workflow-form')).toBeVisible();
      await expectAccessible(page, 'workflow form');
      // Run with the required fields empty: the form says what is missing, and that must be readable too.
      await page.getByTestId('workflow-run').click();
      await expect(page.getByTestId('workflow-form').getByRole('alert').first()).toBeVisible();
      await expectAccessible(page, 'workflow form with errors');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('workflow-picker')).toHaveCount(0);

      await page.getByTestId('models-button').click();
      await expect(page.getByTestId('model-manager')).toBeVisible();
      await expectAccessible(page, 'models');
    });

    test('a chat with tools, a waiting approval, a question', async ({ taco, page }) => {
      const workspace = taco.tempDir('taco-e2e-a11y-ws-');
      const ollama = await taco.startFakeOllama('agent-demo');
      await taco.openApp({ ollamaUrl: ollama.url, workspace });
      await pickModel(page, 'llama3.2:3b');

      await page.getByTestId('composer').fill('Now save a greeting file');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('approval-card')).toBeVisible();
      await expectAccessible(page, 'a waiting approval');
      await page.getByTestId('approval-allow-once').click();
      await expect(page.getByTestId('answer-text').last()).toContainText('Saved hello.txt');
      await expectAccessible(page, 'a chat with tools');

      await page.getByTestId('documents-button').click();
      await expect(page.getByTestId('documents-dialog')).toBeVisible();
      await expectAccessible(page, 'documents');
      await page.keyboard.press('Escape');

      await page.getByTestId('composer').fill('Guess my favourite colour');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('question-card')).toBeVisible();
      await expectAccessible(page, 'a question');
    });

    test('an answer with a drawn diagram and a formula (seen at 1920, 1280 and 800)', async ({ taco, page }) => {
      const ollama = await taco.startFakeOllama('markdown');
      await taco.openApp({ ollamaUrl: ollama.url });
      await expect(page.getByTestId('model-picker')).toBeEnabled();
      await page.getByTestId('composer').fill('Draw a diagram please');
      await page.getByTestId('composer').press('Enter');
      // The diagram shows in its own view frame, named for assistive technology, the image inside named too.
      const view = page.getByTestId('mermaid-diagram').locator('iframe.md-diagram-view');
      await expect(view).toHaveAccessibleName('Diagram (mermaid)');
      await expect(view.contentFrame().getByRole('img', { name: 'Diagram (mermaid)' })).toBeVisible();
      await expectAccessible(page, 'a drawn diagram');
      for (const width of [1920, 1280, 800]) {
        await page.setViewportSize({ width, height: 800 });
        await taco.screenshot(`diagram-answer-${theme}-${width}`);
      }
    });

    test('projects: the sidebar sections and the project dialog, at 1920, 1280 and 800', async ({ taco, page }) => {
      const ollama = await taco.startFakeOllama('conversations');
      await taco.openApp({ ollamaUrl: ollama.url });
      await pickModel(page, 'llama3.2:3b');
      await page.getByTestId('composer').fill('Plan the week');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('answer-text')).toHaveCount(1);
      await page.getByTestId('new-project').click();
      const dialog = page.getByTestId('project-dialog');
      await dialog.getByTestId('project-name').fill('Garden');
      await dialog.getByTestId('project-save').click();
      await expect(dialog).toHaveCount(0);
      await page.getByTestId('project-new-chat').click();
      await page.getByTestId('composer').fill('Plan the beds');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('project-conversations').getByTestId('conversation-row')).toHaveCount(1);
      for (const width of [1920, 1280, 800]) {
        await page.setViewportSize({ width, height: width === 800 ? 600 : 900 });
        if (width === 800) await page.getByTestId('rail-conversations').click();
        await expect(page.getByTestId('project-section')).toBeVisible();
        await expectAccessible(page, `projects in the sidebar at ${width}`);
        await taco.screenshot(`projects-sidebar-${theme}-${width}`);
        await page.getByTestId('project-menu-button').click();
        await page.getByTestId('project-menu-settings').click();
        await expect(dialog).toBeVisible();
        await expectAccessible(page, `the project dialog at ${width}`);
        await taco.screenshot(`projects-dialog-${theme}-${width}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
    });
  });
}
