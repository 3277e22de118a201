import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('tool stack, commands and catalogue', () => {
  test('depth 20 pauses the run; Continue lets it finish', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Go deep');
    await page.getByTestId('composer').press('Enter');

    const prompt = page.getByTestId('depth-prompt');
    await expect(prompt).toBeVisible();
    await expect(page.getByTestId('stack-status')).toContainText('20');
    await expect(page.locator('[data-testid="stack-frame"][data-active="true"]')).toHaveCount(20);
    await expect(page.getByTestId('stack-depth')).toContainText('20 / 20');
    await taco.screenshot('stack-depth-prompt');

    await page.getByTestId('depth-continue').click();
    await expect(page.getByTestId('answer-text').last()).toHaveText('Level 1 is done.');
    await expect(page.locator('[data-testid="stack-frame"][data-active="true"]')).toHaveCount(0);
    await expect(page.getByTestId('stack-depth')).toContainText('0 /');
  });

  test('the "Go deep" demo reads as one delegation row, each level once, all done as the answer says', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Go deep');
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('depth-continue').click();
    const answer = page.locator('[data-testid="message"][data-role="assistant"]').last();
    await expect(answer.getByTestId('answer-text')).toHaveText('Level 1 is done.');

    // One row for the whole sub-agent run, its summary true to what happened; no call outside it.
    const delegation = answer.getByTestId('delegation');
    await expect(delegation).toHaveCount(1);
    await expect(answer.getByTestId('tool-row')).toHaveCount(0);
    await expect(delegation.getByTestId('delegation-toggle')).toContainText('Delegated 1 task');
    await expect(delegation.getByTestId('delegation-outcome')).toHaveText('1 done');
    await expect(delegation).toHaveAttribute('data-problem', 'false');
    await taco.screenshot('stack-go-deep');

    // Opened: each level once, nested, every one done.
    await delegation.getByTestId('delegation-toggle').click();
    const rows = delegation.getByTestId('tool-row');
    await expect(rows).toHaveCount(23);
    const args = await delegation.locator('.tool-args').allTextContents();
    expect(new Set(args).size).toBe(args.length);
    expect(args.map((text) => /level (\d+)/.exec(text)?.[1])).toEqual(Array.from({ length: 23 }, (_, index) => String(index + 2)));
    expect(new Set(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-state'))))).toEqual(
      new Set(['done']),
    );
    await expect(page.locator('[data-testid="stack-frame"][data-state="failed"]')).toHaveCount(0);
  });

  test('depth 20 pauses the run; Cancel stops it', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('agent-demo');
    await taco.openApp({ ollamaUrl: ollama.url });
    await pickModel(page, 'llama3.2:3b');
    await page.getByTestId('composer').fill('Go deep');
    await page.getByTestId('composer').press('Enter');

    await page.getByTestId('depth-cancel').click();
    await expect(page.getByTestId('stop-notice')).toHaveAttribute('data-reason', 'cancelled');
    await expect(page.locator('[data-testid="stack-frame"][data-active="true"]')).toHaveCount(0);
    await expect(page.getByTestId('stack-depth')).toContainText('0 /');
  });

  test('the stack panel is a rail while nothing ran; the user’s choice is remembered across a reload', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    const panel = page.getByTestId('stack-panel');
    await expect(panel).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('stack-panel-toggle').click();
    await expect(panel).toHaveAttribute('data-collapsed', 'false');
    await page.reload();
    await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'false');
    await page.getByTestId('stack-panel-toggle').click();
    await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'true');
    await page.reload();
    await expect(page.getByTestId('stack-panel')).toHaveAttribute('data-collapsed', 'true');
  });

  test('/tools lists the catalogue and /tool read_file describes one tool', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await expect(page.getByTestId('model-picker')).toBeEnabled();

    const composer = page.getByTestId('composer');
    await composer.fill('/to');
    await expect(page.getByTestId('composer-suggestions')).toContainText('/tools');
    await composer.fill('/tools');
    await composer.press('Enter');
    const system = page.locator('[data-testid="message"][data-role="system"]');
    await expect(system.last()).toContainText('read_file');
    await expect(system.last()).toContainText('run_command');

    await composer.fill('/tool read_file');
    await composer.press('Enter');
    await expect(system.last()).toContainText('path');
    await expect(system.last()).toContainText(/risk/i);
    await taco.screenshot('stack-commands');
  });

  test('the catalogue shows tools by category with search, risk and approval', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await page.getByTestId('catalogue-button').click();
    const catalogue = page.getByTestId('catalogue');
    await expect(catalogue).toBeVisible();
    await expect(page.getByTestId('catalogue-category').first()).toBeVisible();
    await page.getByTestId('catalogue-search').fill('write');
    const card = page.locator('[data-testid="catalogue-tool"][data-tool-id="write_file"]');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('risk-badge')).toContainText(/write/i);
    await expect(card.getByTestId('approval-setting')).toBeVisible();
    await expect(page.locator('[data-testid="catalogue-tool"][data-tool-id="current_time"]')).toHaveCount(0);
    await taco.screenshot('stack-catalogue');
  });
});
