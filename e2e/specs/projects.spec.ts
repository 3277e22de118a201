import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { seriousDefaultViolations } from '../support/axe';
import { lookAt } from '../support/look-at';
import { pickModel } from '../support/model-picker';
import { expectNoSidebarOverlap } from '../support/sidebar-layout';
import { expect, test, type TacoHarness } from '../support/taco-fixture';

/** axe (default rules) finds nothing serious; every width and theme with screenshots when TACO_PROJECTS_SHOTS names a folder. */
const look = (page: Page, name: string): Promise<void> => lookAt(page, name, 'TACO_PROJECTS_SHOTS', seriousDefaultViolations);
/**
 * Projects: conversations grouped with their own workspace and defaults. The app's workspace (from
 * --workspace) is an empty folder; the project's holds notes.txt, so "files" (list_directory in the
 * fake model's "conversations" scenario) says which folder a run worked in.
 */
async function openApp(taco: TacoHarness, page: Page) {
  const appWorkspace = taco.tempDir('taco-e2e-app-ws-');
  const projectWorkspace = taco.tempDir('taco-e2e-project-ws-');
  writeFileSync(join(projectWorkspace, 'notes.txt'), 'Sow the peas\n');
  const ollama = await taco.startFakeOllama('conversations');
  await taco.openApp({ ollamaUrl: ollama.url, workspace: appWorkspace });
  await pickModel(page, 'llama3.2:3b');
  return { projectWorkspace };
}

async function send(page: Page, text: string) {
  const before = await page.locator('[data-testid="message"][data-role="assistant"]').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(before + 1);
  await expect(page.getByTestId('send-button')).toBeVisible();
}

async function createProject(page: Page, name: string, workspace: string | null, model: string | null) {
  await page.getByTestId('new-project').click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('project-name').fill(name);
  if (workspace) await dialog.getByTestId('project-workspace').fill(workspace);
  if (model) {
    await dialog.getByTestId('project-model').click();
    await page.getByTestId('project-model-popover').locator(`[data-model="${model}"]`).click();
    await expect(dialog.getByTestId('project-model')).toHaveAttribute('data-value', model);
  }
  await dialog.getByTestId('project-limit-maxIterations').fill('4');
  await dialog.getByTestId('project-save').click();
  await expect(dialog).toHaveCount(0);
  return sectionOf(page, name);
}

const sectionOf = (page: Page, name: string) =>
  page.getByTestId('project-section').filter({ has: page.locator('.project-name', { hasText: new RegExp(`^${name}$`) }) });
const rowsIn = (section: Locator) => section.getByTestId('conversation-row');
const looseRows = (page: Page) => page.getByTestId('recent-conversations').getByTestId('conversation-row');
const activeRow = (page: Page) => page.locator('[data-testid="conversation-row"]:has([aria-current="page"])');

test.describe('projects', () => {
  test('a new chat in a project takes its workspace and model; moves by menu and by drag; pinned and search work across projects', async ({
    taco,
    page,
  }) => {
    const { projectWorkspace } = await openApp(taco, page);
    await send(page, 'What files are here?');
    await expect(page.getByTestId('answer-text').last()).toHaveText('The workspace holds: nothing I know.');
    const outside = await activeRow(page).getAttribute('data-conversation-id');

    const garden = await createProject(page, 'Garden', projectWorkspace, 'qwen3:4b');
    await expect(garden.getByTestId('project-toggle')).toHaveAttribute('aria-expanded', 'true');
    await garden.getByTestId('project-new-chat').click();
    await expect(page.getByTestId('draft-project')).toContainText('New chat in Garden');
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-value', 'qwen3:4b');
    await send(page, 'List the files please');
    await expect(page.getByTestId('answer-text').last()).toHaveText('The workspace holds: notes.txt.');
    await expect(rowsIn(garden)).toHaveCount(1);
    const inGarden = await rowsIn(garden).first().getAttribute('data-conversation-id');
    await expect(rowsIn(garden).first()).toHaveClass(/active/);
    await taco.screenshot('projects-sidebar');

    // Move by the menu (the keyboard way): the first chat joins Garden, then back out.
    const outsideRow = page.locator(`[data-testid="conversation-row"][data-conversation-id="${outside}"]`);
    await outsideRow.hover();
    await outsideRow.getByTestId('conversation-menu-button').click();
    await page.getByTestId('menu-move-to-project').click();
    await page.getByTestId('move-to-project-menu').getByRole('menuitem', { name: 'Garden' }).click();
    await expect(rowsIn(garden)).toHaveCount(2);
    await expect(looseRows(page)).toHaveCount(0);
    await expectNoSidebarOverlap(page);
    await taco.screenshot('projects-sidebar-after-move');

    // Move by dragging the row onto a project's header, and onto "No project".
    const kitchen = await createProject(page, 'Kitchen', null, null);
    await outsideRow.dragTo(kitchen.getByTestId('project-header'));
    await expect(rowsIn(kitchen)).toHaveCount(1);
    await expect(rowsIn(garden)).toHaveCount(1);
    await expectNoSidebarOverlap(page);
    await outsideRow.dragTo(page.getByTestId('recent-conversations-label'));
    await expect(looseRows(page)).toHaveCount(1);
    await expect(rowsIn(kitchen)).toHaveCount(0);
    await expectNoSidebarOverlap(page);

    // Pinned stays on top across projects; folding a project hides only its own rows.
    const gardenRow = page.locator(`[data-testid="conversation-row"][data-conversation-id="${inGarden}"]`);
    await gardenRow.hover();
    await gardenRow.getByTestId('conversation-menu-button').click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Pin to top' }).click();
    await expect(page.getByTestId('pinned-conversations').getByTestId('conversation-row')).toHaveCount(1);
    await expect(rowsIn(garden)).toHaveCount(0);
    await expectNoSidebarOverlap(page);
    await expect(garden.getByTestId('project-toggle')).toContainText('1');
    await garden.getByTestId('project-toggle').click();
    await expect(garden.getByTestId('project-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('pinned-conversations').getByTestId('conversation-row')).toHaveCount(1);

    // Search finds across projects and names the project.
    await page.getByTestId('conversation-search').fill('files');
    await expect(page.getByTestId('search-hit')).toHaveCount(2);
    await expect(page.getByTestId('search-hit-project')).toHaveText(['in Garden']);
    await page.getByTestId('conversation-search').fill('');

    // All of it is main's: a reload shows the same.
    await page.reload();
    await expect(page.getByTestId('pinned-conversations').getByTestId('conversation-row')).toHaveAttribute(
      'data-conversation-id',
      inGarden ?? '',
    );
    await expect(page.getByTestId('project-section')).toHaveCount(2);
  });

  test('project settings change its defaults; removing a project keeps its conversations', async ({ taco, page }) => {
    // Four axe scans (twelve with TACO_PROJECTS_SHOTS) on a loaded machine.
    test.setTimeout(600_000);
    const { projectWorkspace } = await openApp(taco, page);
    const garden = await createProject(page, 'Garden', null, null);
    await garden.getByTestId('project-menu-button').click();
    await page.getByTestId('project-menu-settings').click();
    const dialog = page.getByRole('dialog', { name: 'Project settings' });
    await expect(dialog.getByTestId('project-name')).toHaveValue('Garden');
    await expect(dialog.getByTestId('project-limit-maxIterations')).toHaveValue('4');
    await dialog.getByTestId('project-workspace').fill(join(projectWorkspace, 'missing'));
    await dialog.getByTestId('project-save').click();
    await expect(dialog.getByTestId('project-error')).toContainText('does not exist');
    await dialog.getByTestId('project-workspace').fill(projectWorkspace);
    await dialog.getByTestId('project-name').fill('Vegetable garden');
    await dialog.getByTestId('project-instructions').fill('Answer in British English.');
    await taco.screenshot('projects-dialog');
    await dialog.getByTestId('project-save').click();
    await expect(dialog).toHaveCount(0);
    const renamed = sectionOf(page, 'Vegetable garden');

    await renamed.getByTestId('project-new-chat').click();
    await send(page, 'Show me the files');
    await expect(page.getByTestId('answer-text').last()).toHaveText('The workspace holds: notes.txt.');
    await expect(rowsIn(renamed)).toHaveCount(1);

    // The header says which project the chat is in and opens its settings, where main kept the instructions.
    await page.reload();
    await rowsIn(renamed).first().click();
    const inProject = page.getByTestId('chat-project');
    await expect(inProject).toHaveText(/Vegetable garden/);
    await look(page, 'project-chat-header');
    await inProject.click();
    const reopened = page.getByRole('dialog', { name: 'Project settings' });
    await expect(reopened.getByTestId('project-instructions')).toHaveValue('Answer in British English.');
    await look(page, 'project-settings-instructions');
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await expect(reopened).toHaveCount(0);

    await renamed.getByTestId('project-menu-button').click();
    await page.getByTestId('project-menu-remove').click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('conversation moves to No project');
    await page.getByTestId('remove-project-confirm').click();
    await expect(page.getByTestId('project-section')).toHaveCount(0);
    await expect(page.getByTestId('chat-project')).toHaveCount(0);
    await expect(page.getByTestId('recent-conversations').getByTestId('conversation-row')).toHaveCount(1);
  });
});
