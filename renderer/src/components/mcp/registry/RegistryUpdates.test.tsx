import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MCP_SECRET_MASK } from '../../../../../shared/mcp/mcp';
import type { RegistryUpdate } from '../../../../../shared/mcp/mcp-registry';
import { createFakeApi } from '../../../../test/fake-api';
import { mcpServer } from '../../../../test/mcp';
import { renderWithStore } from '../../../../test/render-app';
import { App } from '../../App';

const update: RegistryUpdate = {
  localName: 'weather',
  server: 'io.github.acme/weather',
  installed: '1.2.0',
  latest: '1.3.0',
  changes: ['arguments: acme-weather-mcp==1.2.0 → acme-weather-mcp==1.3.0', 'new environment variable ACME_REGION'],
  plan: {
    server: 'io.github.acme/weather',
    version: '1.3.0',
    packageIdentifier: 'acme-weather-mcp',
    packageVersion: '1.3.0',
    transport: 'pypi',
    launch: { type: 'command', command: 'uvx', args: ['acme-weather-mcp==1.3.0'], env: {}, sandbox: { write: [], network: [] } },
    inputs: [
      { name: 'ACME_API_KEY', kind: 'env', description: '', required: true, secret: true, defaultValue: null, choices: [] },
      { name: 'ACME_REGION', kind: 'env', description: '', required: false, secret: false, defaultValue: 'eu', choices: [] },
    ],
    localName: 'weather',
    notes: [],
  },
  refused: null,
};

describe('Settings → MCP servers: registry updates', () => {
  it('says what changes in the declared command; Update keeps the name and the stored secret (sent as the mask) and replaces', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const installed = mcpServer('weather', {
      command: 'uvx',
      args: ['acme-weather-mcp==1.2.0'],
      envKeys: ['ACME_API_KEY'],
      registry: { server: 'io.github.acme/weather', version: '1.2.0' },
    });
    api.handle('mcp.list', () => ({ servers: [installed] }));
    api.handle('mcp.registry.updates', () => ({ updates: [update] }));
    api.handle('mcp.registry.install', () => ({ server: { ...installed, registry: { server: update.server, version: '1.3.0' } } }));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-mcp'));

    const notice = await screen.findByTestId('mcp-registry-update');
    expect(notice.textContent).toContain('weather: version 1.3.0 is available (installed 1.2.0).');
    expect(notice.textContent).toContain('new environment variable ACME_REGION');
    await user.click(within(notice).getByTestId('mcp-registry-update-open'));
    const dialog = await screen.findByTestId('mcp-registry-install-dialog');
    expect(within(dialog).getByTestId('mcp-registry-changes').textContent).toContain('acme-weather-mcp==1.2.0 → acme-weather-mcp==1.3.0');
    await user.click(within(dialog).getByTestId('mcp-registry-install-confirm'));
    await within(dialog).findByTestId('mcp-registry-installed');
    expect(api.callsOf('mcp.registry.install')).toEqual([
      expect.objectContaining({
        version: '1.3.0',
        localName: 'weather',
        replace: true,
        values: [
          { kind: 'env', name: 'ACME_API_KEY', value: MCP_SECRET_MASK },
          { kind: 'env', name: 'ACME_REGION', value: 'eu' },
        ],
      }),
    ]);
    expect(screen.queryByTestId('mcp-registry-update')).toBeNull();
  });
});
