import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { TacoCallError } from '../../transport/taco-call-error';
import { App } from '../App';
import { SAVE_MODEL } from './SettingsDialog';

afterEach(() => {
  delete document.documentElement.dataset.theme;
  document.documentElement.style.fontSize = '';
});

async function openSettings() {
  const user = userEvent.setup();
  const api = createFakeApi();
  let saved: Settings = defaultSettings();
  api.handle('settings.get', () => saved);
  api.handle('settings.set', (patch) => {
    saved = applySettingsPatch(saved, patch);
    return saved;
  });
  const rendered = await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  // The dialog is its own chunk, loaded when it first opens.
  await screen.findByTestId('settings-dialog');
  const page = (id: string) => user.click(screen.getByTestId(`settings-tab-${id}`));
  return { ...rendered, user, page, saved: () => saved };
}

describe('SettingsDialog', () => {
  it('shows main’s words when it refuses a host, and saves a good one', async () => {
    const { user, api } = await openSettings();
    expect(screen.getByRole('dialog', { name: 'Settings' }).getAttribute('aria-modal')).toBe('true');
    const input = screen.getByTestId('settings-host-input');
    // The dialog is a lazy chunk: React commits it outside act, and moves focus in its effect just after.
    await waitFor(() => expect(document.activeElement).toBe(input));

    api.handle('settings.set', () => {
      throw new TacoCallError('invalid-payload', 'settings.set: invalid request: "ollamaHost" must be an http:// or https:// URL');
    });
    await user.clear(input);
    await user.type(input, 'file:///etc/passwd');
    await user.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toBe('Not saved: “Ollama host” must be an http:// or https:// URL');
    expect(screen.getByTestId('settings-dialog')).toBeTruthy();

    api.handle('settings.set', (patch) => ({ ...defaultSettings(), ollamaHost: patch.ollamaHost ?? '' }));
    await user.clear(input);
    await user.type(input, 'http://10.0.0.2:11434');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-dialog')).toBeNull());
    expect(api.callsOf('settings.set').at(-1)).toEqual({ ollamaHost: 'http://10.0.0.2:11434' });
    // A new host means a new model list.
    await waitFor(() => expect(api.callsOf('models.list')).toHaveLength(2));
  });

  it('tests the host as typed, before saving', async () => {
    const { user, api } = await openSettings();
    api.handle('ollama.test', (request) =>
      request.host.includes('11434')
        ? { type: 'ok', host: request.host, version: '0.12.5' }
        : { type: 'unreachable', host: request.host, message: 'Cannot reach Ollama at http://10.0.0.9:1. Start it with `ollama serve`.' },
    );
    await user.click(screen.getByTestId('settings-test-host'));
    expect((await screen.findByTestId('settings-test-result')).textContent).toBe(
      'Connected: Ollama 0.12.5 answers at http://127.0.0.1:11434.',
    );
    const input = screen.getByTestId('settings-host-input');
    await user.clear(input);
    await user.type(input, 'http://10.0.0.9:1');
    expect(screen.queryByTestId('settings-test-result')).toBeNull();
    await user.click(screen.getByTestId('settings-test-host'));
    const result = await screen.findByTestId('settings-test-result');
    expect(result.getAttribute('data-result')).toBe('unreachable');
    expect(result.getAttribute('role')).toBe('alert');
    expect(api.callsOf('ollama.test')).toEqual([{ host: 'http://127.0.0.1:11434' }, { host: 'http://10.0.0.9:1' }]);
    expect(api.callsOf('settings.set')).toEqual([]);
  });

  it('saves limits, approvals, default model and workspace as one patch of what changed', async () => {
    const { user, api, saved, page } = await openSettings();
    const set = async (testId: string, value: string) => {
      const field = screen.getByTestId(testId);
      await user.clear(field);
      await user.type(field, value);
    };
    // Edits on several pages are kept while moving between them, and one Save sends them all.
    await page('limits');
    await set('settings-limit-maxIterations', '15');
    await set('settings-limit-timeoutSeconds', '300');
    await set('settings-limit-depthLimit', '40');
    await page('workspace');
    await set('settings-workspace', '/home/me/project');
    await page('approvals');
    await user.selectOptions(screen.getByTestId('settings-approval-shell'), 'allow');
    await page('connection');
    await user.click(screen.getByTestId('settings-default-model'));
    await user.click((await screen.findByTestId('settings-default-model-popover')).querySelector('[data-model="qwen3"]') as HTMLElement);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-dialog')).toBeNull());
    expect(api.callsOf('settings.set').at(-1)).toEqual({
      defaultModel: 'qwen3',
      workspace: '/home/me/project',
      limits: { maxIterations: 15, runTimeoutMs: 300_000, depthLimit: 40 },
      approvals: { read: 'allow', write: 'ask', shell: 'allow', network: 'ask' },
    });
    expect(saved().limits.maxIterations).toBe(15);
  });

  it('the private-network switch for fetch_url is off by default and saves as allowPrivateNetworkFetch', async () => {
    const { user, api, saved, page } = await openSettings();
    await page('approvals');
    const toggle = screen.getByRole('switch', { name: /Let fetch_url reach this computer/ });
    expect(toggle).toBe(screen.getByTestId('settings-private-network'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-dialog')).toBeNull());
    expect(api.callsOf('settings.set').at(-1)).toEqual({ allowPrivateNetworkFetch: true });
    expect(saved().allowPrivateNetworkFetch).toBe(true);
  });

  it('"run commands without asking when they can change nothing" is off by default and saves as runScratchCommandsWithoutAsking', async () => {
    const { user, api, saved, page } = await openSettings();
    await page('approvals');
    const toggle = screen.getByRole('switch', { name: /Run commands without asking when they can change nothing/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-dialog')).toBeNull());
    expect(api.callsOf('settings.set').at(-1)).toEqual({ runScratchCommandsWithoutAsking: true });
    expect(saved().runScratchCommandsWithoutAsking).toBe(true);
  });

  it('refuses a number it cannot read without asking main, and shows main’s refusal of a range', async () => {
    const { user, api, page } = await openSettings();
    await page('limits');
    const iterations = screen.getByTestId('settings-limit-maxIterations');
    await user.clear(iterations);
    await user.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toBe('Tool rounds per message must be a whole number.');
    expect(iterations.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('settings.set')).toEqual([]);

    api.handle('settings.set', () => {
      throw new TacoCallError(
        'invalid-payload',
        'settings.set: invalid request: "limits.maxIterations" too big: expected number to be <=100',
      );
    });
    await user.type(iterations, '500');
    await user.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toBe(
      'Not saved: “Tool rounds per message” too big: expected number to be <=100',
    );
  });

  it('shows main’s refusal of a workspace that does not exist, and keeps the dialog open', async () => {
    const { user, api, page } = await openSettings();
    await page('workspace');
    api.handle('settings.set', () => {
      throw new TacoCallError(
        'invalid-payload',
        'The workspace folder “/nope” does not exist. Create it or pick another folder; nothing was saved.',
      );
    });
    await user.type(screen.getByTestId('settings-workspace'), '/nope');
    await user.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toContain('does not exist');
    expect(screen.getByTestId('settings-dialog')).toBeTruthy();
  });

  it('applies the theme and the text size once saved', async () => {
    const { user, page } = await openSettings();
    await page('appearance');
    await user.selectOptions(screen.getByTestId('settings-theme'), 'dark');
    const size = screen.getByTestId('settings-font-size');
    await user.clear(size);
    await user.type(size, '18');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(document.documentElement.style.fontSize).toBe('18px');
  });

  it('shows a picked theme at once, and Cancel takes it back', async () => {
    const { user, saved, page } = await openSettings();
    await page('appearance');
    await user.selectOptions(screen.getByTestId('settings-theme'), 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('settings-dialog')).toBeNull());
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(saved().theme).toBe('system');
  });
});

describe('the settings pages', () => {
  it('lists every page in a sidebar and shows one page at a time, the shown one selected', async () => {
    const { user, page } = await openSettings();
    const list = screen.getByRole('tablist', { name: 'Settings pages' });
    expect(list.getAttribute('aria-orientation')).toBe('vertical');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Ollama',
      'Model servers',
      'Built-in models',
      'Workspace',
      'Limits',
      'Tool selection',
      'Skills',
      'Approvals',
      'Memory',
      'Knowledge',
      'Web search',
      'File versions',
      'Appearance',
      'Diagnostics',
      'MCP servers',
      'Local API',
    ]);
    const selected = () => screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
    expect(selected()).toEqual([screen.getByTestId('settings-tab-connection')]);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByTestId('settings-theme')).toBeNull();

    await page('appearance');
    expect(selected()).toEqual([screen.getByTestId('settings-tab-appearance')]);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByTestId('settings-theme')).toBeTruthy();
    expect(screen.queryByTestId('settings-host-input')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual([screen.getByTestId('settings-tab-diagnostics')]);
  });

  it('says the one save model at the top, and every page offers the same Save and Cancel', async () => {
    const { page } = await openSettings();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(SAVE_MODEL);
    expect(SAVE_MODEL).toContain('servers included');
    for (const id of ['connection', 'servers', 'limits', 'mcp', 'local-api']) {
      await page(id);
      expect(screen.getByTestId('settings-save').textContent).toBe('Save');
      expect(screen.getByTestId('settings-cancel').textContent).toBe('Cancel');
      expect(screen.queryByTestId('settings-applies-at-once')).toBeNull();
    }
  });

  it('a number refused before saving brings its page into view', async () => {
    const { user, page, api } = await openSettings();
    await page('appearance');
    await user.clear(screen.getByTestId('settings-font-size'));
    await page('limits');
    await user.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toContain('whole number');
    expect(screen.getByTestId('settings-tab-appearance').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('settings-font-size').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('settings.set')).toEqual([]);
  });
});
