import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tool } from '../../../test/fake-api';
import { mcpServer, mcpTool } from '../../../test/mcp';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const mcpInfo = (server: string, name: string, requiresApproval: boolean, readOnlyHint: boolean | null = null) =>
  tool(`mcp__${server}__${name}`, {
    category: `mcp:${server}`,
    risk: 'network',
    requiresApproval,
    description: `Does ${name}`,
    parameters: { message: { type: 'string', description: 'Message to echo', required: true } },
    source: { kind: 'mcp', server, tool: name, readOnlyHint, remote: false },
  });

async function openCatalogue() {
  const user = userEvent.setup();
  const api = createFakeApi();
  api.handle('tools.list', () => [
    tool('read_file'),
    mcpInfo('everything', 'echo', true),
    mcpInfo('trusted', 'get-sum', false, true),
    mcpInfo('trusted', 'write-note', true),
  ]);
  api.handle('mcp.list', () => ({
    servers: [
      mcpServer('everything', {
        tools: [
          mcpTool('everything', 'echo'),
          mcpTool('everything', 'get-tiny-image', { enabled: false }),
          mcpTool('everything', 'refresh', { visibility: ['app'] }),
          mcpTool('everything', 'summary', { visibility: ['model'] }),
          mcpTool('everything', 'both', { visibility: ['model', 'app'] }),
        ],
      }),
      mcpServer('trusted', {
        approval: 'trusted-read',
        tools: [mcpTool('trusted', 'get-sum', { readOnlyHint: true }), mcpTool('trusted', 'write-note')],
      }),
    ],
  }));
  const rendered = await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('catalogue-button'));
  await waitFor(() => expect(screen.getAllByTestId('catalogue-category')).toHaveLength(3));
  return { ...rendered, user };
}

const card = (toolId: string): HTMLElement => {
  const found = screen.getAllByTestId('catalogue-tool').find((element) => element.dataset.toolId === toolId);
  if (!found) throw new Error(`no card for ${toolId}`);
  return found;
};

describe('the catalogue’s MCP tools', () => {
  it('groups them under “MCP · <server>” after the built-ins, with “asks” unless the server lets them run', async () => {
    await openCatalogue();
    expect(screen.getAllByTestId('catalogue-category').map((section) => section.getAttribute('aria-label'))).toEqual([
      'files',
      'MCP · everything',
      'MCP · trusted',
    ]);
    expect(within(card('mcp__everything__echo')).getByTestId('mcp-asks').textContent).toBe('asks');
    expect(card('mcp__everything__echo').textContent).toContain('Message to echo');
    expect(within(card('mcp__trusted__get-sum')).queryByTestId('mcp-asks')).toBeNull();
    expect(within(card('mcp__trusted__get-sum')).getByTestId('mcp-read-only').textContent).toBe('read-only (declared)');
    expect(within(card('mcp__trusted__write-note')).getByTestId('mcp-asks')).toBeTruthy();
    // A switched-off tool stays in the catalogue so it can be switched back on.
    const off = card('mcp__everything__get-tiny-image');
    expect(off.dataset.enabled).toBe('false');
    expect(within(off).getByTestId('mcp-asks')).toBeTruthy();
  });

  it('switches a tool off and on from its card through mcp.setToolEnabled', async () => {
    const { api, user } = await openCatalogue();
    // Main's answer: the tool asked about as asked; the other one off (echo was switched off first).
    api.handle('mcp.setToolEnabled', (request) => ({
      server: mcpServer(request.name, {
        tools: ['echo', 'get-tiny-image'].map((name) =>
          mcpTool(request.name, name, { enabled: name === request.tool ? request.enabled : false }),
        ),
      }),
    }));
    await user.click(within(card('mcp__everything__echo')).getByTestId('catalogue-tool-enabled'));
    expect(api.callsOf('mcp.setToolEnabled')).toEqual([{ name: 'everything', tool: 'echo', enabled: false }]);
    await waitFor(() => expect(card('mcp__everything__echo').dataset.enabled).toBe('false'));
    await user.click(within(card('mcp__everything__get-tiny-image')).getByTestId('catalogue-tool-enabled'));
    expect(api.callsOf('mcp.setToolEnabled').at(-1)).toEqual({ name: 'everything', tool: 'get-tiny-image', enabled: true });
  });

  it('finds MCP tools by server name in the search', async () => {
    const { user } = await openCatalogue();
    await user.type(screen.getByTestId('catalogue-search'), 'trusted');
    expect(screen.getAllByTestId('catalogue-tool').map((element) => element.dataset.toolId)).toEqual([
      'mcp__trusted__get-sum',
      'mcp__trusted__write-note',
    ]);
  });

  it('marks a tool its server declared for its app only (the model never sees it), or for the model only', async () => {
    await openCatalogue();
    const refresh = card('mcp__everything__refresh');
    expect(within(refresh).getByTestId('mcp-audience').textContent).toBe('app only');
    expect(refresh.textContent).toContain('On for its app only: the model never sees it');
    expect(within(card('mcp__everything__summary')).getByTestId('mcp-audience').textContent).toBe('model only');
    expect(within(card('mcp__everything__both')).queryByTestId('mcp-audience')).toBeNull();
    expect(within(card('mcp__everything__echo')).queryByTestId('mcp-audience')).toBeNull();
    expect(card('mcp__everything__echo').textContent).toContain('Offered to the model');
  });
});
