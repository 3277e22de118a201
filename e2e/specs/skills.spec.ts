import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { lookAt } from '../support/look-at';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/taco-fixture';

const SKILL_MD =
  '---\nname: csv-report\ndescription: Turns a CSV file into a short report.\n---\n# CSV report\n\nRead the file, then summarise.\n';

/** axe (WCAG A/AA) finds nothing serious; every width and theme with screenshots when TACO_SKILLS_SHOTS names a folder. */
const look = (page: Page, name: string): Promise<void> => lookAt(page, name, 'TACO_SKILLS_SHOTS', seriousViolations);

test('a skill is installed from a folder after its preview, listed in the catalogue, then removed', async ({ taco, page }) => {
  // Four axe scans (twelve with screenshots) on a loaded machine.
  test.setTimeout(process.env['TACO_SKILLS_SHOTS'] ? 600_000 : 300_000);
  const workspace = taco.tempDir('taco-e2e-skills-ws-');
  mkdirSync(join(workspace, 'incoming', 'csv-report', 'scripts'), { recursive: true });
  writeFileSync(join(workspace, 'incoming', 'csv-report', 'SKILL.md'), SKILL_MD);
  writeFileSync(join(workspace, 'incoming', 'csv-report', 'scripts', 'summarise.py'), 'print("hi")\n');
  const ollama = await taco.startFakeOllama('agent-demo');
  const app = await taco.openApp({ ollamaUrl: ollama.url, workspace });

  await page.getByTestId('catalogue-button').click();
  const skills = page.getByTestId('catalogue-skills');
  await expect(skills.getByTestId('skills-none')).toBeVisible();
  await skills.getByTestId('skill-add').click();

  // The folder browser (the workspace's), to the skill's folder.
  await page.getByTestId('skill-browse-skill-folder').click();
  await page.getByTestId('skill-entry').filter({ hasText: 'incoming/' }).click();
  await page.getByTestId('skill-entry').filter({ hasText: 'csv-report/' }).click();
  await page.getByTestId('skill-use-folder').click();
  await expect(page.getByTestId('skill-param-skill-folder')).toHaveValue('incoming/csv-report');
  await page.getByTestId('skill-preview-button').click();

  // Every file, its size and the script are shown before anything is added.
  const preview = page.getByTestId('skill-preview');
  await expect(preview.getByTestId('skill-file')).toHaveText([/scripts\/summarise\.py\s*12 B\s*script/, /SKILL\.md/]);
  await expect(preview.getByTestId('skill-preview-summary')).toContainText('1 script');
  expect(existsSync(join(app.dataDir, 'skills', 'csv-report'))).toBe(false);
  await look(page, 'skills-preview');

  await preview.getByTestId('skill-install').click();
  const card = skills.getByTestId('skill-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('skill-source')).toHaveText('every conversation');
  await expect(card).toContainText('Turns a CSV file into a short report.');
  await expect(card).toContainText('1 script');
  expect(existsSync(join(app.dataDir, 'skills', 'csv-report', 'scripts', 'summarise.py'))).toBe(true);
  await look(page, 'skills-catalogue');

  await card.getByTestId('skill-remove').click();
  await page.getByTestId('skill-remove-dialog-confirm').click();
  await expect(card).toHaveCount(0);
  await expect(skills.getByTestId('skills-none')).toBeVisible();
  expect(existsSync(join(app.dataDir, 'skills', 'csv-report'))).toBe(false);
});
