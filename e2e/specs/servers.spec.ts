import { openAiModels, openAiReply, startFakeOpenAi } from '../../test-support/fake-openai/index';
import { expect, test } from '../support/taco-fixture';
import { pickModel } from '../support/model-picker';

test.describe('model servers', () => {
  test('add an OpenAI-compatible server, test it, pick its model, run a tool task; a failing server shows its error while the local one keeps working', async ({
    taco,
    page,
  }) => {
    const local = await taco.startFakeOllama('basic-chat');
    const remote = await startFakeOpenAi({
      scenario: {
        name: 'e2e-remote',
        models: [openAiModels.withTools('tooly')],
        replies: [openAiReply.toolCall('calculate', { expression: '6*7' }), openAiReply.text('Six times seven is 42.')],
      },
      requireHeader: { name: 'authorization', value: 'Bearer e2e-secret' },
    });
    const deadPort = await taco.freePort();
    try {
      await taco.openApp({ ollamaUrl: local.url });
      await expect(page.getByTestId('model-picker')).toBeEnabled();

      await page.getByTestId('settings-button').click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByTestId('settings-tab-servers').click();
      const add = dialog.getByTestId('server-add');
      await add.getByTestId('server-name').fill('GPU box');
      await add.getByTestId('server-kind').selectOption('openai-compatible');
      await add.getByTestId('server-url').fill(remote.baseUrl);
      await add.getByTestId('server-test').click();
      await expect(add.getByTestId('server-test-result')).toHaveAttribute('data-result', 'unauthorized');
      await add.getByTestId('server-authorization').fill('Bearer e2e-secret');
      await add.getByTestId('server-test').click();
      await expect(add.getByTestId('server-test-result')).toContainText('Connected to the OpenAI-compatible server');
      await add.getByTestId('server-add-button').click();
      await expect(dialog.getByTestId('server-row')).toHaveCount(1);
      // The token is never shown again.
      await expect(dialog.getByTestId('model-servers')).not.toContainText('e2e-secret');
      await expect(dialog.getByTestId('server-row')).toContainText('Authorization set (hidden)');

      await add.getByTestId('server-name').fill('Dead box');
      await add.getByTestId('server-url').fill(`http://127.0.0.1:${deadPort}`);
      await add.getByTestId('server-add-button').click();
      await expect(dialog.getByTestId('server-row')).toHaveCount(2);
      // One save model: Cancel forgets the servers added in this visit (nothing reached main)...
      await dialog.getByTestId('settings-cancel').click();
      await expect(dialog).toHaveCount(0);
      await page.getByTestId('settings-button').click();
      await dialog.getByTestId('settings-tab-servers').click();
      await expect(dialog.getByTestId('server-row')).toHaveCount(0);
      await page.reload();
      await page.getByTestId('settings-button').click();
      await dialog.getByTestId('settings-tab-servers').click();
      await expect(dialog.getByTestId('server-row')).toHaveCount(0);
      // ...and Save keeps them, like every other page.
      await add.getByTestId('server-name').fill('GPU box');
      await add.getByTestId('server-kind').selectOption('openai-compatible');
      await add.getByTestId('server-url').fill(remote.baseUrl);
      await add.getByTestId('server-authorization').fill('Bearer e2e-secret');
      await add.getByTestId('server-add-button').click();
      await add.getByTestId('server-name').fill('Dead box');
      await add.getByTestId('server-url').fill(`http://127.0.0.1:${deadPort}`);
      await add.getByTestId('server-add-button').click();
      await expect(dialog.getByTestId('server-row')).toHaveCount(2);
      await dialog.getByTestId('settings-save').click();
      await expect(dialog).toHaveCount(0);

      await expect(page.getByTestId('model-server-status')).toHaveAttribute('aria-label', /^Dead box is not reachable/);
      await pickModel(page, 'gpu-box::tooly');
      await page.getByTestId('composer').fill('What is 6*7?');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('answer-text').last()).toHaveText('Six times seven is 42.');

      await page.getByTestId('new-chat').click();
      await pickModel(page, 'llama3.2:3b');
      await page.getByTestId('composer').fill('Hi there');
      await page.getByTestId('composer').press('Enter');
      await expect(page.getByTestId('answer-text').last()).toHaveText('Hello! How can I help you today?');
      await taco.screenshot('model-servers');
    } finally {
      await remote.close();
    }
  });
});
