import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/mcp/mcp';
import { createFakeApi } from '../../../test/fake-api';
import { mcpServer, mcpStatus, mcpTool } from '../../../test/mcp';
import { renderWithStore } from '../../../test/render-app';
import { TacoCallError } from '../../transport/taco-call-error';
import { App } from '../App';
import { SECRET_MASK } from './mcp-server-form';

async function openMcpSettings(servers: McpServerView[]) {
  const user = userEvent.setup();
  const api = createFakeApi();
  let list = servers;
  api.handle('mcp.list', () => ({ servers: list }));
  const rendered = await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-mcp'));
  await screen.findByTestId('mcp-section');
  return { ...rendered, user, setList: (next: McpServerView[]) => (list = next) };
}

const row = (name: string): HTMLElement => {
  const found = screen.getAllByTestId('mcp-server').find((element) => element.dataset.server === name);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};

describe('Settings → MCP servers', () => {
  it('lists servers with status, tool count and transport, and follows mcp-status events live', async () => {
    const { api } = await openMcpSettings([mcpServer('everything', { status: 'starting', tools: [] })]);
    await screen.findByTestId('mcp-server');
    const everything = row('everything');
    expect(within(everything).getByTestId('mcp-status').textContent).toBe('Starting');
    expect(within(everything).getByTestId('mcp-tool-count').textContent).toBe('0 tools');
    expect(within(everything).getByTestId('mcp-transport').textContent).toBe('stdio · node server.js stdio · Ask before every call');

    act(() =>
      api.emitOn('model-events', [
        mcpStatus(
          mcpServer('everything', { tools: [mcpTool('everything', 'echo'), mcpTool('everything', 'get-sum', { enabled: false })] }),
        ),
      ]),
    );
    expect(within(row('everything')).getByTestId('mcp-status').textContent).toBe('Ready');
    expect(within(row('everything')).getByTestId('mcp-tool-count').textContent).toBe('2 tools (1 off)');
  });

  it('shows a failed server’s error and stderr as plain text, never as markup', async () => {
    const hostile = '<img src=x onerror="window.pwned=1"> Error: Cannot find module /nope/index.js';
    await openMcpSettings([
      mcpServer('broken', {
        status: 'failed',
        tools: [],
        error: 'The server exited with code 1 before it answered.',
        stderrTail: ['node:internal/modules', hostile],
      }),
    ]);
    const broken = await screen.findByTestId('mcp-server');
    expect(within(broken).getByTestId('mcp-error').textContent).toBe('The server exited with code 1 before it answered.');
    const stderr = within(broken).getByTestId('mcp-stderr');
    expect(stderr.tagName).toBe('PRE');
    expect(stderr.textContent).toBe(`node:internal/modules\n${hostile}`);
    expect(stderr.querySelector('img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('switches a server and a tool on and off, restarts it, and shows main’s refusal in words', async () => {
    const { api, user } = await openMcpSettings([
      mcpServer('everything', { enabled: false, status: 'stopped', tools: [mcpTool('everything', 'echo', { readOnlyHint: true })] }),
    ]);
    const readOnlyEcho = mcpTool('everything', 'echo', { readOnlyHint: true });
    api.handle('mcp.setEnabled', (request) => ({
      server: mcpServer(request.name, { enabled: request.enabled, status: 'starting', tools: [readOnlyEcho] }),
    }));
    await user.click(await screen.findByTestId('mcp-server-enabled'));
    expect(api.callsOf('mcp.setEnabled')).toEqual([{ name: 'everything', enabled: true }]);
    await waitFor(() => expect(within(row('everything')).getByTestId('mcp-status').textContent).toBe('Starting'));

    api.handle('mcp.restart', () => {
      throw new TacoCallError('invalid-payload', 'MCP server "everything" is not running.');
    });
    await user.click(within(row('everything')).getByTestId('mcp-restart'));
    expect((await screen.findByTestId('mcp-server-error-action')).textContent).toBe('MCP server "everything" is not running.');

    await user.click(within(row('everything')).getByTestId('mcp-tools-toggle'));
    const echo = within(row('everything')).getByTestId('mcp-tool');
    expect(within(echo).getByTestId('mcp-read-only').textContent).toBe('read-only (declared)');
    api.handle('mcp.setToolEnabled', (request) => ({
      server: mcpServer(request.name, { tools: [mcpTool(request.name, 'echo', { enabled: false })] }),
    }));
    await user.click(within(echo).getByTestId('mcp-tool-enabled'));
    expect(api.callsOf('mcp.setToolEnabled')).toEqual([{ name: 'everything', tool: 'echo', enabled: false }]);
    await waitFor(() => expect(within(row('everything')).getByTestId('mcp-tool').dataset.enabled).toBe('false'));
  });

  it('shows which tools changed since they were reviewed and what changed; "Accept" asks main to pin them', async () => {
    const changed = mcpTool('everything', 'echo', { changes: ['description', 'annotations'], description: 'Echoes\u202E the text' });
    const { api, user } = await openMcpSettings([mcpServer('everything', { tools: [changed, mcpTool('everything', 'add')] })]);
    await user.click(within(row('everything')).getByTestId('mcp-tools-toggle'));
    const notice = within(row('everything')).getByTestId('mcp-tool-changes');
    expect(notice.textContent).toContain('One tool has changed since you reviewed');
    expect(within(row('everything')).getByTestId('mcp-tool-changed').textContent).toBe('changed: description, annotations');
    // The description a review reads shows its hidden characters.
    expect(row('everything').textContent).toContain('U+202E');
    api.handle('mcp.acceptToolChanges', (request) => ({ server: mcpServer(request.name, { tools: [mcpTool(request.name, 'echo')] }) }));
    await user.click(within(notice).getByTestId('mcp-accept-tool-changes'));
    expect(api.callsOf('mcp.acceptToolChanges')).toEqual([{ name: 'everything' }]);
    await waitFor(() => expect(within(row('everything')).queryByTestId('mcp-tool-changes')).toBeNull());
  });

  it('a fresh install’s tools are "not reviewed yet", never "changed since you reviewed"', async () => {
    const fresh = ['echo', 'add', 'get-sum'].map((name) => mcpTool('everything', name, { changes: ['new tool'] }));
    const { user } = await openMcpSettings([mcpServer('everything', { tools: fresh })]);
    await user.click(within(row('everything')).getByTestId('mcp-tools-toggle'));
    const notice = within(row('everything')).getByTestId('mcp-tool-changes');
    expect(notice.textContent).toContain('3 tools of this server are not reviewed yet');
    expect(row('everything').textContent).not.toMatch(/changed/i);
    expect(within(row('everything')).queryAllByTestId('mcp-tool-changed')).toEqual([]);
    expect(within(row('everything')).getAllByTestId('mcp-tool-unreviewed')).toHaveLength(3);
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('edits a server: the form shows secrets masked, explains the policy, and saves a replacement', async () => {
    const { api, user } = await openMcpSettings([mcpServer('everything', { envKeys: ['API_KEY'] })]);
    api.handle('mcp.save', (request) => ({ server: mcpServer(request.name, { approval: request.config.approval ?? 'ask' }) }));
    await user.click(await screen.findByTestId('mcp-edit'));
    const form = screen.getByTestId('mcp-form');
    expect((within(form).getByTestId('mcp-form-env') as HTMLTextAreaElement).value).toBe(`API_KEY=${SECRET_MASK}`);
    expect(within(form).getByTestId('mcp-form-approval-hint').textContent).toContain('asks you before each call');
    await user.selectOptions(within(form).getByTestId('mcp-form-approval'), 'trusted-read');
    expect(within(form).getByTestId('mcp-form-approval-hint').textContent).toContain('declares read-only run without asking');
    await user.click(within(form).getByTestId('mcp-form-save'));
    await waitFor(() => expect(screen.queryByTestId('mcp-form')).toBeNull());
    expect(api.callsOf('mcp.save')).toEqual([
      {
        name: 'everything',
        replace: true,
        config: {
          command: 'node',
          args: ['server.js', 'stdio'],
          env: { API_KEY: SECRET_MASK },
          enabled: true,
          approval: 'trusted-read',
          timeoutMs: 60_000,
        },
      },
    ]);
    expect(within(row('everything')).getByTestId('mcp-transport').textContent).toContain('Trust read-only tools');
  });

  it('adds a server from the form, and keeps the form open with main’s message when refused', async () => {
    const { api, user } = await openMcpSettings([]);
    expect(await screen.findByTestId('mcp-empty')).toBeTruthy();
    await user.click(screen.getByTestId('mcp-add'));
    await user.type(screen.getByTestId('mcp-form-name'), 'files');
    await user.click(screen.getByTestId('mcp-form-save'));
    expect(screen.getByTestId('mcp-form-error').textContent).toBe('Give the command that starts the server, for example npx or node.');
    expect(api.callsOf('mcp.save')).toEqual([]);

    await user.type(screen.getByTestId('mcp-form-command'), 'npx');
    await user.type(screen.getByTestId('mcp-form-args'), '-y{Enter}@modelcontextprotocol/server-filesystem{Enter}/tmp');
    api.handle('mcp.save', () => {
      throw new TacoCallError('invalid-payload', 'MCP server "files": a server with this name exists already.');
    });
    await user.click(screen.getByTestId('mcp-form-save'));
    expect((await screen.findByTestId('mcp-form-error')).textContent).toBe('MCP server "files": a server with this name exists already.');
    expect(api.callsOf('mcp.save')[0]).toMatchObject({
      name: 'files',
      replace: false,
      config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], enabled: true },
    });
  });

  it('imports pasted JSON: says they start disabled, then what was added and what was skipped and why', async () => {
    const { api, user, setList } = await openMcpSettings([]);
    api.handle('mcp.import', () => {
      setList([mcpServer('everything', { enabled: false, status: 'stopped' })]);
      return { added: ['everything'], skipped: [{ name: 'weird', reason: '"command" is required (or "url" for an HTTP server)' }] };
    });
    await user.click(await screen.findByTestId('mcp-paste-json'));
    expect(screen.getByTestId('mcp-import').textContent).toContain('Imported servers start disabled');
    const json = '{"mcpServers": {"everything": {"command": "npx"}, "weird": {}}}';
    await user.click(screen.getByTestId('mcp-import-json'));
    await user.paste(json);
    await user.click(screen.getByTestId('mcp-import-submit'));
    const outcome = await screen.findByTestId('mcp-import-outcome');
    expect(outcome.textContent).toContain('Added (disabled): everything.');
    expect(within(outcome).getByTestId('mcp-import-skipped').textContent).toBe(
      'Skipped weird: "command" is required (or "url" for an HTTP server)',
    );
    expect(api.callsOf('mcp.import')).toEqual([{ json }]);
    expect(within(row('everything')).getByTestId('mcp-status').textContent).toBe('Stopped');
  });

  it('removes a server only after confirming, and only when Save is pressed ("Keep it" and Cancel keep it)', async () => {
    const { api, user } = await openMcpSettings([mcpServer('everything')]);
    api.handle('mcp.remove', () => ({ removed: true }));
    await user.click(await screen.findByTestId('mcp-remove'));
    await user.click(screen.getByTestId('mcp-remove-confirm'));
    expect(screen.getByTestId('mcp-remove-pending').textContent).toContain('Removed when you press Save');
    await user.click(screen.getByTestId('mcp-remove-undo'));
    expect(screen.queryByTestId('mcp-remove-pending')).toBeNull();
    await user.click(screen.getByTestId('mcp-remove'));
    await user.click(screen.getByTestId('mcp-remove-confirm'));
    expect(api.callsOf('mcp.remove')).toEqual([]);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    expect(api.callsOf('mcp.remove')).toEqual([{ name: 'everything' }]);
  });

  it('Cancel undoes what this visit changed live: an added server goes, a switch and a tool switch go back', async () => {
    const echo = (enabled: boolean) => mcpTool('everything', 'echo', { enabled });
    const { api, user } = await openMcpSettings([mcpServer('everything', { tools: [echo(true)] })]);
    // A fake main that keeps the server's switch and its tool's switch.
    let live = { enabled: true, echo: true };
    const view = () => mcpServer('everything', { enabled: live.enabled, tools: [echo(live.echo)] });
    api.handle('mcp.setEnabled', (request) => ((live = { ...live, enabled: request.enabled }), { server: view() }));
    api.handle('mcp.setToolEnabled', (request) => ((live = { ...live, echo: request.enabled }), { server: view() }));
    api.handle('mcp.save', (request) => ({ server: mcpServer(request.name, { status: 'starting', tools: [] }) }));
    api.handle('mcp.remove', () => ({ removed: true }));

    await user.click(await screen.findByTestId('mcp-server-enabled'));
    await waitFor(() =>
      expect(row('everything').querySelector('[data-testid="mcp-server-enabled"]')?.getAttribute('aria-checked')).toBe('false'),
    );
    await user.click(within(row('everything')).getByTestId('mcp-tools-toggle'));
    await user.click(within(row('everything')).getByTestId('mcp-tool-enabled'));
    await waitFor(() => expect(within(row('everything')).getByTestId('mcp-tool').dataset.enabled).toBe('false'));
    await user.click(screen.getByTestId('mcp-add'));
    await user.type(screen.getByTestId('mcp-form-name'), 'files');
    await user.type(screen.getByTestId('mcp-form-command'), 'npx');
    await user.click(screen.getByTestId('mcp-form-save'));
    await waitFor(() => expect(screen.getAllByTestId('mcp-server')).toHaveLength(2));

    await user.click(screen.getByTestId('settings-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    expect(api.callsOf('mcp.remove')).toEqual([{ name: 'files' }]);
    expect(api.callsOf('mcp.setEnabled')).toEqual([
      { name: 'everything', enabled: false },
      { name: 'everything', enabled: true },
    ]);
    expect(api.callsOf('mcp.setToolEnabled')).toEqual([
      { name: 'everything', tool: 'echo', enabled: false },
      { name: 'everything', tool: 'echo', enabled: true },
    ]);
  });
});

describe('the missing-server line above the chat', () => {
  it('names a switched-on server that failed, opens its details on the MCP tab, and can be dismissed', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('mcp.list', () => ({
      servers: [
        mcpServer('broken', { status: 'failed', tools: [], error: 'The server exited during startup (exit code 1).' }),
        mcpServer('off', { enabled: false, status: 'failed', tools: [] }),
        mcpServer('everything'),
      ],
    }));
    await renderWithStore(<App />, { api });
    const banner = screen.getByTestId('mcp-banner');
    expect(banner.textContent).toContain('MCP server “broken” failed, so its tools are not available.');
    expect(banner.textContent).not.toContain('off');

    await user.click(within(banner).getByTestId('mcp-banner-open'));
    expect((await screen.findByTestId('settings-tab-mcp')).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('mcp-error')).textContent).toBe('The server exited during startup (exit code 1).');
    await user.keyboard('{Escape}');

    await user.click(within(screen.getByTestId('mcp-banner')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('mcp-banner')).toBeNull();
    act(() => api.emitOn('model-events', [mcpStatus(mcpServer('broken', { status: 'failed' }))]));
    expect(screen.queryByTestId('mcp-banner')).toBeNull();
    // Well again, then a new failure: the line comes back.
    act(() => api.emitOn('model-events', [mcpStatus(mcpServer('broken'))]));
    act(() => api.emitOn('model-events', [mcpStatus(mcpServer('broken', { status: 'failed' }))]));
    expect(screen.getByTestId('mcp-banner').textContent).toContain('“broken”');
  });
});
