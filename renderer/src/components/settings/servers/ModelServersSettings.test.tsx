import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../../shared/constants';
import type { ModelListResult } from '../../../../../shared/models/models';
import { defaultSettings, type Settings } from '../../../../../shared/settings/settings';
import { createFakeApi } from '../../../../test/fake-api';
import { renderWithStore } from '../../../../test/render-app';
import { App } from '../../App';

const MASK = DEFAULTS.servers.maskedHeaderValue;

function grouped(): ModelListResult {
  const local = {
    name: 'llama3.2:3b',
    sizeBytes: 2e9,
    family: 'llama',
    parameterSize: '3.2B',
    quantization: 'Q4_K_M',
    capabilities: ['tools'],
  };
  const remote = {
    name: 'gpu-box::tooly',
    label: 'tooly',
    server: { id: 'gpu-box', name: 'GPU box' },
    sizeBytes: 0,
    family: null,
    parameterSize: null,
    quantization: null,
    capabilities: null,
  };
  return {
    type: 'ok',
    host: 'http://127.0.0.1:11434',
    models: [local, remote],
    servers: [
      {
        serverId: 'local',
        name: 'This computer',
        kind: 'ollama',
        host: 'http://127.0.0.1:11434',
        type: 'ok',
        message: null,
        admin: { allowed: true, reason: null },
        models: [local],
      },
      {
        serverId: 'gpu-box',
        name: 'GPU box',
        kind: 'openai-compatible',
        host: 'http://gpu/v1',
        type: 'ok',
        message: null,
        admin: { allowed: false, reason: 'no admin there' },
        models: [remote],
      },
      {
        serverId: 'dead',
        name: 'Dead box',
        kind: 'ollama',
        host: 'http://10.0.0.9:11434',
        type: 'unreachable',
        message: 'refused the connection',
        admin: { allowed: true, reason: null },
        models: [],
      },
    ],
  };
}

describe('Settings → Model servers and the grouped picker', () => {
  it('adds a server with its token, never shows the token again, and tests a saved one with the masked value', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let saved: Settings = defaultSettings();
    api.handle('settings.get', () => saved);
    api.handle('settings.set', (patch) => {
      // Main answers with the header values masked.
      saved = {
        ...saved,
        servers: (patch.servers ?? []).map((server) => ({
          ...server,
          headers: Object.fromEntries(Object.keys(server.headers).map((name) => [name, MASK])),
        })),
      };
      return saved;
    });
    api.handle('servers.test', () => ({
      type: 'ok',
      kind: 'openai-compatible',
      host: 'http://gpu/v1',
      version: null,
      modelCount: 2,
      message: 'Connected to the OpenAI-compatible server at http://gpu/v1: 2 models.',
    }));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-servers'));
    const add = await screen.findByTestId('server-add');
    await user.type(within(add).getByTestId('server-name'), 'GPU box');
    await user.selectOptions(within(add).getByTestId('server-kind'), 'openai-compatible');
    await user.type(within(add).getByTestId('server-url'), 'http://gpu/v1');
    await user.type(within(add).getByTestId('server-authorization'), 'Bearer tok-123');
    await user.click(within(add).getByTestId('server-test'));
    expect((await screen.findByTestId('server-test-result')).textContent).toContain('Connected');
    expect(api.callsOf('servers.test').at(-1)).toMatchObject({
      kind: 'openai-compatible',
      baseUrl: 'http://gpu/v1',
      headers: { Authorization: 'Bearer tok-123' },
    });
    await user.click(within(add).getByTestId('server-add-button'));
    await waitFor(() => expect(screen.getAllByTestId('server-row')).toHaveLength(1));
    // Added to the list, saved only with Save (like every other page).
    expect(screen.getByTestId('server-row-unsaved').textContent).toBe('Not saved yet');
    expect(api.callsOf('settings.set')).toEqual([]);
    expect(screen.getByTestId('model-servers').textContent).not.toContain('tok-123');
    expect((within(add).getByTestId('server-authorization') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    expect(api.callsOf('settings.set').at(-1)).toMatchObject({
      servers: [{ id: 'gpu-box', name: 'GPU box', headers: { Authorization: 'Bearer tok-123' }, enabled: true }],
    });

    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-servers'));
    expect(screen.queryByTestId('server-row-unsaved')).toBeNull();
    await user.click(screen.getByTestId('server-row-test'));
    await screen.findByTestId('server-row-test-result');
    expect(api.callsOf('servers.test').at(-1)).toMatchObject({ id: 'gpu-box', headers: { Authorization: MASK } });

    // On/off settings are switches: the server's "On" and the add form's "Allow insecure".
    expect(
      within(add)
        .getByRole('switch', { name: /Allow insecure/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
    const on = within(screen.getByTestId('server-row')).getByRole('switch', { name: 'On' });
    expect(on.getAttribute('aria-checked')).toBe('true');
    await user.click(on);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.callsOf('settings.set').at(-1)).toMatchObject({ servers: [{ id: 'gpu-box', enabled: false }] }));
  });

  it('Cancel forgets a server added and brings back one removed: nothing reaches main', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const kept = {
      id: 'gpu-box',
      name: 'GPU box',
      kind: 'openai-compatible' as const,
      baseUrl: 'http://gpu/v1',
      headers: {},
      allowInsecure: false,
      connectTimeoutMs: 5000,
      enabled: true,
      toolSupport: {},
    };
    api.handle('settings.get', () => ({ ...defaultSettings(), servers: [kept] }));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-servers'));
    await user.click(within(await screen.findByTestId('server-row')).getByTestId('server-remove'));
    const add = screen.getByTestId('server-add');
    await user.type(within(add).getByTestId('server-name'), 'Docs box');
    await user.type(within(add).getByTestId('server-url'), 'http://docs/v1');
    await user.click(within(add).getByTestId('server-add-button'));
    await waitFor(() => expect(screen.getAllByTestId('server-row').map((row) => row.dataset.serverId)).toEqual(['docs-box']));
    expect(screen.getByTestId('servers-unsaved').textContent).toContain('Cancel brings them back');

    await user.click(screen.getByTestId('settings-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    expect(api.callsOf('settings.set')).toEqual([]);
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-servers'));
    expect(screen.getAllByTestId('server-row').map((row) => row.dataset.serverId)).toEqual(['gpu-box']);
  });

  it('groups the picker by server and shows the one that failed', async () => {
    const api = createFakeApi();
    api.handle('models.list', () => grouped());
    await renderWithStore(<App />, { api });
    const trigger = await screen.findByTestId('model-picker');
    await waitFor(() => expect(trigger.getAttribute('data-value')).not.toBe(''));
    await userEvent.setup().click(trigger);
    const picker = await screen.findByTestId('model-picker-popover');
    expect(
      within(picker)
        .getAllByTestId('model-group')
        .map((group) => group.textContent),
    ).toEqual(['This computer', 'GPU box', 'Dead box · not reachable']);
    expect(picker.querySelector('[data-model="gpu-box::tooly"] .model-option-name')?.textContent).toBe('tooly');
    // A server's error is never a model to pick: the dead server's row says why and cannot be chosen.
    expect(
      within(picker)
        .getAllByTestId('model-option')
        .some((option) => option.textContent?.includes('refused')),
    ).toBe(false);
    await userEvent.setup().keyboard('{Escape}');
    // The header has a dot, not the error's text; the dot names the server and opens Settings.
    const dot = screen.getByTestId('model-server-status');
    expect(dot.getAttribute('aria-label')).toBe('Dead box is not reachable. Open Settings for details');
    expect(screen.queryByTestId('model-server-error')).toBeNull();

    // In the model manager, pull/delete/unload are off with the reason on a server that does not allow them.
    await userEvent.setup().click(screen.getByTestId('models-button'));
    const remoteRow = (await screen.findAllByTestId('model-row')).find((row) => row.getAttribute('data-model') === 'gpu-box::tooly');
    expect(within(remoteRow!).getByTestId('model-admin-off').textContent).toBe('no admin there');
    expect((within(remoteRow!).getByTestId('model-delete') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sets tool support per model of a server (the user’s answer wins over the probe)', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const server = {
      id: 'gpu-box',
      name: 'GPU box',
      kind: 'openai-compatible' as const,
      baseUrl: 'http://gpu/v1',
      headers: {},
      allowInsecure: false,
      connectTimeoutMs: 5000,
      enabled: true,
      toolSupport: {},
    };
    const dead = { ...server, id: 'dead', name: 'Dead box', kind: 'ollama' as const, baseUrl: 'http://10.0.0.9:11434' };
    let saved: Settings = { ...defaultSettings(), servers: [server, dead] };
    api.handle('settings.get', () => saved);
    api.handle('settings.set', (patch) => {
      saved = { ...saved, servers: patch.servers ?? [] };
      return saved;
    });
    api.handle('models.list', () => grouped());
    await renderWithStore(<App />, { api });
    await waitFor(() => expect(screen.getByTestId('model-picker').getAttribute('data-value')).not.toBe(''));
    // The header's dot opens Settings, where the row of the server that did not answer says why.
    await user.click(screen.getByTestId('model-server-status'));
    expect((await screen.findByTestId('model-server-error')).textContent).toBe('Its models could not be listed: refused the connection');
    expect(screen.getByTestId('model-server-error').closest('[data-server-id]')?.getAttribute('data-server-id')).toBe('dead');
    await user.selectOptions(await screen.findByLabelText('Tools for tooly'), 'off');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(api.callsOf('settings.set').at(-1)).toMatchObject({
        servers: [{ id: 'gpu-box', toolSupport: { tooly: false } }, { id: 'dead' }],
      }),
    );
  });
});
