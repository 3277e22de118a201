import { pickModel } from './model-picker';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './taco-fixture';

/** Writes files (paths relative to `dir`, folders made as needed) into a temp workspace. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/** A git repository with one commit and one change, for draft_commit_message. */
export function repoWithChange(dir: string): void {
  writeFileSync(join(dir, 'hello.txt'), 'hello\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first');
  writeFileSync(join(dir, 'hello.txt'), 'hello, world\n');
}

/** Chooses the model, opens the picker from the composer's workflow button, searches and picks one; its form is open. */
export async function openWorkflowForm(page: Page, workflowId: string, search: string): Promise<void> {
  await pickModel(page, 'llama3.2:3b');
  await page.getByTestId('workflow-button').click();
  await page.getByTestId('workflow-search').fill(search);
  await page.locator(`[data-testid="workflow-choice"][data-workflow-id="${workflowId}"]`).click();
  await expect(page.getByTestId('workflow-form')).toBeVisible();
}

/** Presses Run; the picker closes and the workflow block appears in the chat. */
export async function runFromForm(page: Page): Promise<void> {
  await page.getByTestId('workflow-run').click();
  await expect(page.getByTestId('workflow-picker')).toHaveCount(0);
  await expect(page.getByTestId('workflow-block')).toBeVisible();
}

/** The workflow block's steps have exactly these states, in order (waits until they do). */
export async function expectStepStates(page: Page, states: string[]): Promise<void> {
  const steps = page.getByTestId('workflow-block').getByTestId('workflow-step');
  await expect(steps).toHaveCount(states.length);
  for (const [index, state] of states.entries()) await expect(steps.nth(index)).toHaveAttribute('data-state', state);
}

/** The workflow ended with this reason (the outcome line under the block), and shows this text. */
export async function expectOutcome(page: Page, reason: string, text: string | RegExp): Promise<void> {
  const outcome = page.getByTestId('workflow-outcome');
  await expect(outcome).toHaveAttribute('data-reason', reason);
  await expect(outcome).toContainText(text);
}

/** rename_identifier from its form (old_thing → new_thing); waits until its confirm lists src/main.py, and returns it. */
export async function startRenameUntilConfirm(page: Page): Promise<Locator> {
  await openWorkflowForm(page, 'rename_identifier', 'rename');
  await page.getByTestId('workflow-param-old_name').fill('old_thing');
  await page.getByTestId('workflow-param-new_name').fill('new_thing');
  await runFromForm(page);
  const confirm = page.getByTestId('workflow-confirm');
  await expect(confirm).toContainText('src/main.py');
  return confirm;
}
