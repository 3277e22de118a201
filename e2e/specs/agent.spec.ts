import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/taco-fixture';
import { recordStatusLine } from '../support/status-recorder';
import { pickModel } from '../support/model-picker';

test.describe('agent loop and tools', () => {
  test('a multi-tool run shows status sentences, inline tool rows and the final answer', async ({ taco, page }) => {
    const statuses = await recordStatusLine(page);
    const workspace = taco.tempDir('taco-e2e-ws-');
    writeFileSync(join(workspace, 'notes.txt'), 'Buy milk and eggs\n');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');

    await page.getByTestId('composer').fill('Read my notes please');
    await page.getByTestId('composer').press('Enter');

    await expect(page.getByTestId('answer-text').last()).toContainText('Buy milk and eggs');
    const rows = page.getByTestId('tool-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-tool', 'list_directory');
    await expect(rows.nth(1)).toHaveAttribute('data-tool', 'read_file');
    await expect(rows.nth(1)).toHaveAttribute('data-state', 'done');
    await rows.nth(1).getByRole('button').first().click();
    await expect(page.getByTestId('tool-details').first()).toContainText('notes.txt');

    const seen = await statuses();
    // "Analyzing request..." comes first but may be replaced within the same frame on a busy
    // machine; a tool's status line must show.
    expect(
      seen.some((text) => /^(Using .+\.\.\.|Working with .+|Processing tool results\.\.\.|Selecting appropriate tools\.\.\.)$/.test(text)),
    ).toBe(true);
    // Status lines change faster than a frame; the batcher keeps the latest per frame, so only
    // some reach the screen. The full sequence is asserted in the loop's unit tests.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    await taco.screenshot('agent-multi-tool');
  });

  test('a capped run says why it stopped and Continue starts a new run with the same goal', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Count forever: calculate each next number');
    await page.getByTestId('composer').press('Enter');

    const notice = page.getByTestId('stop-notice').last();
    await expect(notice).toHaveAttribute('data-reason', 'max_iterations');
    await expect(notice).toContainText('Stopped after 10 tool rounds. Continue with the task?');
    await expect(page.getByTestId('answer-text').last()).toContainText('round limit');
    await taco.screenshot('agent-max-iterations');

    await page.getByTestId('continue-button').click();
    await expect(page.getByTestId('stop-notice')).toHaveCount(2);
    await expect(page.getByTestId('stop-notice').last()).toHaveAttribute('data-reason', 'max_iterations');
  });

  test('an approval card shows the diff; Allow once writes the file while the stack panel shows the wait', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    writeFileSync(join(workspace, 'notes.txt'), 'Buy milk and eggs\n');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');

    await page.getByTestId('composer').fill('Read my notes please');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByTestId('answer-text').last()).toContainText('Buy milk and eggs');

    await page.getByTestId('composer').fill('Now save a greeting file');
    await page.getByTestId('composer').press('Enter');
    const card = page.getByTestId('approval-card');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('diff-preview')).toContainText('+Hello from TACO');
    await expect(page.getByTestId('stack-frame')).toHaveAttribute('data-state', 'waiting-approval');
    await expect(page.getByTestId('stack-depth')).toContainText('1');
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(false);
    await taco.screenshot('agent-approval');

    await page.getByTestId('approval-allow-once').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Saved hello.txt with the greeting.');
    expect(readFileSync(join(workspace, 'hello.txt'), 'utf8')).toBe('Hello from TACO\n');
    await expect(page.locator('[data-testid="stack-frame"][data-active="true"]')).toHaveCount(0);
    await expect(page.getByTestId('stack-depth')).toContainText('0 /');
  });

  test('Deny leaves the disk unchanged and the model reads the denial', async ({ taco, page }) => {
    const workspace = taco.tempDir('taco-e2e-ws-');
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url, workspace });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Save a greeting file');
    await page.getByTestId('composer').press('Enter');

    await page.getByTestId('approval-deny').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('You declined the write, so nothing was saved.');
    // A denied call is "Denied by you", not "Failed · 0 ms"; the answered card is gone, its decision on the call's one row.
    await expect(page.getByTestId('tool-row').last()).toHaveAttribute('data-state', 'denied');
    await expect(page.getByTestId('tool-row').last()).toHaveAttribute('data-decision', 'deny');
    await expect(page.getByTestId('tool-chip').last()).toHaveText('Denied by you');
    await expect(page.getByTestId('approval-card')).toHaveCount(0);
    await expect(page.getByTestId('diff-preview')).toHaveCount(0);
    expect(existsSync(join(workspace, 'hello.txt'))).toBe(false);
  });

  test('ask_user puts a question in the conversation and the answer goes back to the model', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Guess my favourite colour');
    await page.getByTestId('composer').press('Enter');

    await expect(page.getByTestId('question-card')).toContainText('Which colour do you like?');
    await expect(page.getByTestId('stack-frame')).toHaveAttribute('data-state', 'waiting-user');
    await page.getByTestId('question-input').fill('blue');
    await page.getByTestId('question-submit').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('You like blue.');
  });

  test('each early stop is explained in the conversation in plain words', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');
    const cases = [
      { prompt: 'Use the broken tool', reason: 'consecutive_errors', words: /failed several times in a row/ },
      { prompt: 'Repeat the time', reason: 'repeated_call', words: /repeating the same tool call/ },
      { prompt: 'Do the impossible', reason: 'model_gave_up', words: /cannot complete this task/ },
    ];
    for (const [index, { prompt, reason, words }] of cases.entries()) {
      await page.getByTestId('composer').fill(prompt);
      await page.getByTestId('composer').press('Enter');
      const notice = page.getByTestId('stop-notice').nth(index);
      await expect(notice).toHaveAttribute('data-reason', reason);
      await expect(notice).toContainText(words);
    }
    await expect(page.locator('[data-testid="tool-row"][data-tool="frobnicate"]')).toHaveCount(3);
    await taco.screenshot('agent-early-stops');
  });
});
