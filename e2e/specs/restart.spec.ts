import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { storedText, waitForStored } from '../../test-support/timeline-on-disk';
import { expect, test, type TacoHarness } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

interface Setup {
  ollamaUrl: string;
  workspace: string;
  dataDir: string;
}

async function prepare(taco: TacoHarness): Promise<Setup> {
  const workspace = taco.tempDir('taco-e2e-ws-');
  writeFileSync(join(workspace, 'notes.txt'), 'Buy milk\n');
  const ollama = await taco.startFakeOllama('conversations');
  return { ollamaUrl: ollama.url, workspace, dataDir: taco.tempDir('taco-e2e-data-') };
}

async function start(taco: TacoHarness, page: Page, setup: Setup) {
  const app = await taco.openApp(setup);
  await expect(page.getByTestId('model-picker')).toBeEnabled();
  await pickModel(page, 'llama3.2:3b');
  return app;
}

async function send(page: Page, text: string) {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}

/** Everything a conversation shows, message by message. */
function rendered(page: Page): Promise<string[]> {
  return page
    .getByTestId('message')
    .evaluateAll((nodes) => nodes.map((node) => `${(node as HTMLElement).dataset.role}: ${(node as HTMLElement).innerText}`));
}

test.describe('restart', () => {
  test('after a restart the conversation is there as it was: tool calls, answers and the stop reason', async ({ taco, page }) => {
    const setup = await prepare(taco);
    const first = await start(taco, page, setup);

    await send(page, 'Which files are in my workspace?');
    await expect(page.getByTestId('answer-text').last()).toContainText('The workspace holds: notes.txt.');
    await expect(page.getByTestId('send-button')).toBeVisible();
    await send(page, 'Now tell me a story');
    await expect(page.getByTestId('answer-text').last()).toContainText('word3');
    await page.getByTestId('stop-button').click();
    await expect(page.getByTestId('stop-notice')).toHaveAttribute('data-reason', 'cancelled');
    const before = await rendered(page);
    expect(before.join('\n')).toContain('List Directory');

    await first.stop();
    await start(taco, page, setup);
    await expect(page.getByTestId('conversation-row')).toHaveCount(1);
    await page.getByTestId('conversation-item').click();
    await expect(page.getByTestId('stop-notice')).toHaveAttribute('data-reason', 'cancelled');
    await expect(page.getByTestId('tool-row')).toHaveAttribute('data-state', 'done');
    expect(await rendered(page)).toEqual(before);
    await taco.screenshot('restart-restored');
  });

  test('kill -9 mid-stream: after a restart the partial answer shows as interrupted', async ({ taco, page }) => {
    const setup = await prepare(taco);
    const first = await start(taco, page, setup);

    await send(page, 'Tell me a long story');
    const answer = page.getByTestId('answer-text').last();
    await expect(answer).toContainText('word5');
    // Everything shown by now reaches the disk with the next periodic flush (the stream is still
    // running, so only that timer can write it): wait until it is there, then kill.
    const flushed = (await answer.innerText()).trim();
    await waitForStored(setup.dataDir, () => storedText(setup.dataDir).trim().startsWith(flushed));
    await first.kill('SIGKILL');

    await start(taco, page, setup);
    await page.getByTestId('conversation-item').click();
    await expect(page.locator('[data-testid="message"][data-role="user"] .message-body')).toHaveText(['Tell me a long story']);
    const notice = page.getByTestId('stop-notice');
    await expect(notice).toHaveAttribute('data-reason', 'interrupted');
    await expect(notice).toContainText('TACO closed before this answer finished');
    const restored = (await page.getByTestId('answer-text').last().innerText()).trim();
    expect(restored.startsWith(flushed)).toBe(true);
    expect(restored).not.toContain(`word60`);
    await expect(page.getByTestId('stop-button')).toHaveCount(0);
    await taco.screenshot('restart-interrupted');
  });

  test('a task paused on an approval when TACO died can be resumed after the restart', async ({ taco, page }) => {
    const setup = await prepare(taco);
    const first = await start(taco, page, setup);

    await send(page, 'Please save a note');
    await expect(page.getByTestId('approval-card')).toHaveAttribute('data-resolution', 'open');
    await waitForStored(setup.dataDir, (events) => events.some((event) => event.type === 'approval-request'));
    await first.kill('SIGKILL');

    await start(taco, page, setup);
    await page.getByTestId('conversation-item').click();
    const card = page.getByTestId('pending-workflow');
    await expect(card).toContainText('waiting for your approval to run');
    await expect(card).toContainText('note.txt');
    await expect(page.getByTestId('stop-notice')).toHaveAttribute('data-reason', 'interrupted');
    await taco.screenshot('restart-paused-approval');

    await card.getByTestId('resume-workflow').click();
    await expect(card).toHaveCount(0);
    await expect(page.locator('[data-testid="approval-card"][data-resolution="open"]')).toHaveCount(1);
    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved note.txt.');
    expect(existsSync(join(setup.workspace, 'note.txt')) && readFileSync(join(setup.workspace, 'note.txt'), 'utf8')).toBe(
      'Remember the milk\n',
    );
  });

  test('a paused task can be abandoned instead, and stays abandoned after another restart', async ({ taco, page }) => {
    const setup = await prepare(taco);
    const first = await start(taco, page, setup);
    await send(page, 'Please save a note');
    await expect(page.getByTestId('approval-card')).toHaveAttribute('data-resolution', 'open');
    await waitForStored(setup.dataDir, (events) => events.some((event) => event.type === 'approval-request'));
    await first.kill('SIGKILL');

    const second = await start(taco, page, setup);
    await page.getByTestId('conversation-item').click();
    await page.getByTestId('abandon-workflow').click();
    await expect(page.getByTestId('pending-workflow')).toHaveCount(0);
    await expect(page.getByTestId('stop-notice')).toContainText('abandoned');

    await second.stop();
    await start(taco, page, setup);
    await page.getByTestId('conversation-item').click();
    await expect(page.getByTestId('stop-notice')).toContainText('abandoned');
    await expect(page.getByTestId('pending-workflow')).toHaveCount(0);
    expect(existsSync(join(setup.workspace, 'note.txt'))).toBe(false);
  });
});
