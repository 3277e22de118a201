import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AlwaysAllowedTool } from '../../../../shared/approvals/always-allow';
import { createFakeApi } from '../../../test/fake-api';
import { mcpServer, mcpTool } from '../../../test/mcp';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('Settings → MCP servers: always-allowed tools', () => {
  it('lists each server’s always-allowed tools and revokes one through main', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let granted: AlwaysAllowedTool[] = [
      { server: 'files', tool: 'read_note' },
      { server: 'files', tool: 'list_notes' },
      { server: 'web', tool: 'fetch' },
    ];
    api.handle('mcp.list', () => ({
      servers: [mcpServer('files', { tools: [mcpTool('files', 'read_note')] }), mcpServer('web', { tools: [mcpTool('web', 'fetch')] })],
    }));
    api.handle('mcp.alwaysAllowed.list', () => ({ tools: granted }));
    api.handle('mcp.alwaysAllowed.revoke', (request) => {
      granted = granted.filter((grant) => !(grant.server === request.server && grant.tool === request.tool));
      return { tools: granted };
    });
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-mcp'));
    const rows = await screen.findAllByTestId('mcp-server');
    const files = rows.find((row) => row.dataset.server === 'files');
    const web = rows.find((row) => row.dataset.server === 'web');
    if (!files || !web) throw new Error('rows missing');

    const filesList = await within(files).findByRole('list', { name: 'Tools of files that are always allowed' });
    expect(
      within(filesList)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['read_note', 'list_notes']);
    expect(within(web).getByRole('list', { name: 'Tools of web that are always allowed' }).textContent).toContain('fetch');

    await user.click(within(filesList).getByRole('button', { name: 'Revoke: ask again before read_note' }));
    expect(api.callsOf('mcp.alwaysAllowed.revoke')).toEqual([{ server: 'files', tool: 'read_note' }]);
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['list_notes']);

    await user.click(within(files).getByRole('button', { name: 'Revoke: ask again before list_notes' }));
    expect(within(files).queryByTestId('mcp-always-allowed')).toBeNull();
    expect(within(web).getByTestId('mcp-always-allowed')).toBeTruthy();
  });
});
