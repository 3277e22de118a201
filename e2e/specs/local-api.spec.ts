import { parseApiArgs } from '../../electron/hosts/api/api-args';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/taco-fixture';

test.describe('Settings → Local API in the browser', () => {
  test('tells a command the API host accepts as shown, with the key off the command line', async ({ taco, page }) => {
    const ollama = await taco.startFakeOllama('basic-chat');
    await taco.openApp({ ollamaUrl: ollama.url });
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-local-api').click();
    const command = (await page.getByTestId('local-api-command').innerText()).trim();

    // As a POSIX shell reads it: NAME=value words are the environment, then `npm run api`, then `--` and the flags.
    const words = command.split(/\s+/);
    const env: Record<string, string> = {};
    while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
      const [name = '', ...value] = (words.shift() ?? '').split('=');
      env[name] = value.join('=');
    }
    const dashes = words.indexOf('--');
    expect((dashes === -1 ? words : words.slice(0, dashes)).join(' ')).toBe('npm run api');
    expect(parseApiArgs(dashes === -1 ? [] : words.slice(dashes + 1), env)).toMatchObject({ type: 'run' });
    await expect(page.getByTestId('local-api-unavailable')).not.toContainText('--key ');

    expect(await seriousViolations(page)).toEqual([]);
    await taco.screenshot('settings-local-api-web');
  });
});
