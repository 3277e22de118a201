import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RegistryInstallPlan, RegistryServerSummary } from '../../../../../shared/mcp/mcp-registry';
import { createFakeApi } from '../../../../test/fake-api';
import { mcpServer } from '../../../../test/mcp';
import { renderWithStore } from '../../../../test/render-app';
import { App } from '../../App';

const summary = (name: string, overrides: Partial<RegistryServerSummary> = {}): RegistryServerSummary => ({
  name,
  title: null,
  description: `About ${name}`,
  publisher: name.split('/')[0] ?? name,
  version: '1.2.0',
  transports: ['pypi'],
  official: true,
  status: 'active',
  websiteUrl: null,
  repositoryUrl: null,
  ...overrides,
});

const weatherPlan: RegistryInstallPlan = {
  server: 'io.github.acme/weather',
  version: '1.2.0',
  packageIdentifier: 'acme-weather-mcp',
  packageVersion: '1.2.0',
  transport: 'pypi',
  launch: {
    type: 'command',
    command: 'uvx',
    args: ['acme-weather-mcp==1.2.0'],
    env: { UV_CACHE_DIR: '/home/ada/.cache/taco-mcp-servers/weather/uv', UV_PYTHON_DOWNLOADS: 'never' },
    sandbox: { write: ['/home/ada/.cache/taco-mcp-servers/weather'], network: [] },
  },
  inputs: [{ name: 'ACME_API_KEY', kind: 'env', description: 'Your key', required: true, secret: true, defaultValue: null, choices: [] }],
  localName: 'weather',
  notes: [],
};

async function openBrowse() {
  const user = userEvent.setup();
  const api = createFakeApi();
  api.handle('mcp.list', () => ({ servers: [] }));
  api.handle('mcp.registry.search', (request) =>
    request.cursor === null
      ? {
          servers: [summary('io.github.acme/weather'), summary('io.github.old/legacy', { status: 'deprecated' })],
          nextCursor: 'c2',
          skipped: 1,
        }
      : { servers: [summary('io.github.more/third', { official: false })], nextCursor: null, skipped: 0 },
  );
  api.handle('mcp.registry.plan', () => ({ type: 'plan', plan: weatherPlan }));
  api.handle('mcp.registry.install', () => ({ server: mcpServer('weather', { status: 'starting', tools: [] }) }));
  await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-mcp'));
  await user.click(await screen.findByTestId('mcp-view-browse'));
  await screen.findAllByTestId('mcp-registry-server');
  return { api, user };
}

describe('Settings → MCP servers → Browse', () => {
  it('lists name, description, publisher, version and transport; marks official and deprecated; Load more pages on', async () => {
    const { api, user } = await openBrowse();
    const rows = screen.getAllByTestId('mcp-registry-server');
    expect(rows.map((row) => row.dataset.server)).toEqual(['io.github.acme/weather', 'io.github.old/legacy']);
    expect(rows[0]?.textContent).toContain('About io.github.acme/weather');
    expect(rows[0]?.textContent).toContain('by io.github.acme · PyPI');
    expect(within(rows[0] as HTMLElement).getByTestId('mcp-registry-official')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('mcp-registry-deprecated').textContent).toBe('Deprecated');
    expect(screen.getByTestId('mcp-registry-count').textContent).toContain('One entry the registry sent was not valid and is not shown.');
    await user.click(screen.getByTestId('mcp-registry-more'));
    expect(await screen.findByText('About io.github.more/third')).toBeTruthy();
    expect(api.callsOf('mcp.registry.search').at(-1)).toEqual({ query: '', cursor: 'c2' });
    expect(screen.queryByTestId('mcp-registry-more')).toBeNull();
  });

  it('the install dialog shows the exact command, version, env names and sandbox first; the secret is masked; install sends what was shown', async () => {
    const { api, user } = await openBrowse();
    await user.click(within(screen.getAllByTestId('mcp-registry-server')[0] as HTMLElement).getByTestId('mcp-registry-install'));
    const dialog = await screen.findByTestId('mcp-registry-install-dialog');
    expect(within(dialog).getByTestId('mcp-registry-command').textContent).toBe('uvx acme-weather-mcp==1.2.0');
    expect(within(dialog).getByTestId('mcp-registry-package').textContent).toBe('acme-weather-mcp 1.2.0 (PyPI)');
    expect(within(dialog).getByTestId('mcp-registry-env').textContent).toBe('Environment variables: ACME_API_KEY.');
    expect(within(dialog).getByTestId('mcp-registry-sandbox').textContent).toContain('no network');
    expect(within(dialog).getByTestId('mcp-registry-cache').textContent).toBe(
      'Set by TACO (its own package cache): UV_CACHE_DIR=/home/ada/.cache/taco-mcp-servers/weather/uv, UV_PYTHON_DOWNLOADS=never. uv runs it on a Python already on this computer and downloads none.',
    );
    const key = within(dialog).getByTestId('mcp-registry-input');
    expect(key.getAttribute('type')).toBe('password');

    await user.click(within(dialog).getByTestId('mcp-registry-install-confirm'));
    expect(within(dialog).getByTestId('mcp-registry-install-error').textContent).toBe('ACME_API_KEY is required; fill it in.');
    expect(api.callsOf('mcp.registry.install')).toEqual([]);

    await user.type(key, 'sk-123');
    await user.click(within(dialog).getByTestId('mcp-registry-install-confirm'));
    expect((await within(dialog).findByTestId('mcp-registry-installed')).textContent).toContain('Installed as weather');
    expect(api.callsOf('mcp.registry.install')).toEqual([
      {
        server: 'io.github.acme/weather',
        version: '1.2.0',
        localName: 'weather',
        expected: {
          packageIdentifier: 'acme-weather-mcp',
          command: 'uvx',
          args: ['acme-weather-mcp==1.2.0'],
          url: null,
          network: [],
          inputs: [{ kind: 'env', name: 'ACME_API_KEY', defaultValue: null }],
        },
        values: [{ kind: 'env', name: 'ACME_API_KEY', value: 'sk-123' }],
        replace: false,
      },
    ]);
  });
});
