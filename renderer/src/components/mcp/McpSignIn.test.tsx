import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { McpAuthStatus } from '../../../../shared/mcp/mcp-auth';
import { createFakeApi } from '../../../test/fake-api';
import { mcpServer } from '../../../test/mcp';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const remote = mcpServer('remote', {
  transport: 'http',
  command: null,
  args: [],
  url: 'https://mcp.example.com/mcp',
  status: 'failed',
  tools: [],
});

const SIGNED_OUT: McpAuthStatus = { state: 'signed-out', account: null, signedInAt: null };

/** A fake main whose status follows its sign-in and sign-out calls. */
async function openSettings(account: string) {
  let status = SIGNED_OUT;
  const user = userEvent.setup();
  const api = createFakeApi();
  const withHeader = mcpServer('keyed', {
    transport: 'http',
    command: null,
    args: [],
    url: 'https://k.example.com/mcp',
    headerKeys: ['Authorization'],
  });
  api.handle('mcp.list', () => ({ servers: [remote, withHeader] }));
  api.handle('mcp.auth.status', () => status);
  api.handle('mcp.auth.signIn', () => {
    status = { state: 'signed-in', account, signedInAt: 1 };
    return { server: { ...remote, status: 'ready' as const } };
  });
  api.handle('mcp.auth.signOut', () => {
    status = SIGNED_OUT;
    return { server: remote };
  });
  await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-mcp'));
  return { api, user };
}

const row = (name: string): HTMLElement => {
  const found = screen.getAllByTestId('mcp-server').find((element) => element.dataset.server === name);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};

describe('Settings → MCP servers: OAuth sign-in per URL server', () => {
  it('Sign in asks main, then shows who is signed in; Sign out asks main to forget the tokens', async () => {
    const { api, user } = await openSettings('ada@example.com');
    const signIn = await within(row('remote')).findByTestId('mcp-sign-in-button');
    await user.click(signIn);
    expect(api.callsOf('mcp.auth.signIn')).toEqual([{ name: 'remote' }]);
    expect((await within(row('remote')).findByTestId('mcp-signed-in')).textContent).toBe('Signed in as ada@example.com');
    // The focus follows to Sign out (Escape still closes Settings).
    expect(document.activeElement).toBe(within(row('remote')).getByTestId('mcp-sign-out'));
    await user.click(within(row('remote')).getByTestId('mcp-sign-out'));
    expect(api.callsOf('mcp.auth.signOut')).toEqual([{ name: 'remote' }]);
    await within(row('remote')).findByTestId('mcp-sign-in-button');
  });

  it('in a browser page the authorization page main announces opens through the link guard, and can be opened again', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('mcp.list', () => ({ servers: [remote] }));
    api.handle('mcp.auth.status', () => SIGNED_OUT);
    let finish: () => void = () => undefined;
    api.handle('mcp.auth.signIn', () => new Promise((resolve) => (finish = () => resolve({ server: remote }))));
    api.handle('app.openExternal', () => ({ opened: true, message: null }));
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-mcp'));
    await user.click(await within(row('remote')).findByTestId('mcp-sign-in-button'));
    const page = 'https://auth.example.com/authorize?client_id=x';
    act(() => api.emitOn('model-events', [{ type: 'mcp-sign-in', server: 'remote', url: page }]));
    await within(row('remote')).findByTestId('mcp-sign-in-page');
    expect(api.callsOf('app.openExternal')).toEqual([{ url: page }]);
    expect(opened).toEqual([page]);
    act(() => finish());
    await within(row('remote')).findByTestId('mcp-sign-in-button');
    expect(within(row('remote')).queryByTestId('mcp-sign-in-page')).toBeNull();
  });

  it('a server that sends its own Authorization header has no sign-in', async () => {
    await openSettings('nobody');
    await within(row('remote')).findByTestId('mcp-sign-in-button');
    expect(within(row('keyed')).queryByTestId('mcp-sign-in')).toBeNull();
  });
});
