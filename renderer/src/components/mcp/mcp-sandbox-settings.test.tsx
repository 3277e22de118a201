import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { McpServerConfig, McpServerView } from '../../../../shared/mcp/mcp';
import { createFakeApi } from '../../../test/fake-api';
import { mcpServer } from '../../../test/mcp';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

async function openMcpSettings(servers: McpServerView[]) {
  const user = userEvent.setup();
  const api = createFakeApi();
  api.handle('mcp.list', () => ({ servers }));
  const saved: Array<{ name: string; sandbox: McpServerConfig['sandbox'] }> = [];
  api.handle('mcp.save', (request) => {
    const sandbox = request.config.sandbox
      ? { write: request.config.sandbox.write ?? [], network: request.config.sandbox.network ?? false }
      : undefined;
    saved.push({ name: request.name, sandbox });
    return { server: mcpServer(request.name, { sandbox: sandbox ?? null }) };
  });
  await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-mcp'));
  await screen.findByTestId('mcp-section');
  return { user, saved };
}

describe('Settings → MCP servers: the sandbox in words', () => {
  it('shows main’s words for a sandboxed server, and a warning for one that runs with full rights', async () => {
    await openMcpSettings([
      mcpServer('files', {
        sandbox: { write: ['~/notes'], network: false },
        sandboxNotice: { sandboxed: true, text: 'Can write only in ~/notes · no network' },
      }),
      mcpServer('shell', { sandboxNotice: { sandboxed: false, text: 'Not sandboxed: this server runs with your full rights.' } }),
    ]);
    const rows = await screen.findAllByTestId('mcp-server');
    expect(within(rows[0]!).getByTestId('mcp-sandbox-notice').textContent).toBe('Sandbox: Can write only in ~/notes · no network');
    const warning = within(rows[1]!).getByTestId('mcp-sandbox-notice');
    expect(warning.textContent).toBe('Not sandboxed: this server runs with your full rights.');
    expect(warning.className).toContain('card-warning');
  });

  it('edits the sandbox: the folders it may write and the hosts it may reach, saved as the mcp.json entry', async () => {
    const { user, saved } = await openMcpSettings([
      mcpServer('files', { sandbox: { write: ['~/notes'], network: false }, sandboxNotice: { sandboxed: true, text: 'x' } }),
    ]);
    await user.click(await screen.findByTestId('mcp-edit'));
    const write = screen.getByTestId('mcp-form-sandboxWrite');
    expect((write as HTMLTextAreaElement).value).toBe('~/notes');
    await user.type(write, '\n/srv/data');
    await user.type(screen.getByTestId('mcp-form-sandboxHosts'), 'api.example.com\n*.example.org');
    await user.click(screen.getByTestId('mcp-form-save'));
    expect(saved[0]?.sandbox).toEqual({ write: ['~/notes', '/srv/data'], network: ['api.example.com', '*.example.org'] });

    await user.click(await screen.findByTestId('mcp-edit'));
    await user.click(screen.getByTestId('mcp-form-sandboxed'));
    expect(screen.getByTestId('mcp-form-unsandboxed').textContent).toMatch(/runs with your full rights/);
  });
});
