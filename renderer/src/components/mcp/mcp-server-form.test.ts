import { describe, expect, it } from 'vitest';
import { mcpServer } from '../../../test/mcp';
import { configFromForm, emptyServerForm, formFromServer, SECRET_MASK } from './mcp-server-form';

describe('the MCP server form', () => {
  it('turns lines into args and env, keeps masked secrets as the mask, and sends the policy and time limit', () => {
    const form = {
      ...emptyServerForm(),
      name: ' everything ',
      command: 'node',
      args: 'dist/index.js\n\n  stdio  \r\n',
      env: `API_KEY=${SECRET_MASK}\nMODE = fast=yes\n`,
      approval: 'trusted-read' as const,
      timeoutSeconds: '90',
    };
    expect(configFromForm(form, true)).toEqual({
      type: 'ok',
      name: 'everything',
      config: {
        command: 'node',
        args: ['dist/index.js', 'stdio'],
        env: { API_KEY: SECRET_MASK, MODE: 'fast=yes' },
        enabled: true,
        approval: 'trusted-read',
        timeoutMs: 90_000,
      },
    });
  });

  it('sends the sandbox entry when the server runs in it, and reads it back for editing', () => {
    const form = {
      ...emptyServerForm(),
      name: 'files',
      command: 'node',
      sandboxed: true,
      sandboxWrite: '~/notes\n\n /srv/data \n',
      sandboxHosts: ' registry.npmjs.org \n\n*.example.com\n',
    };
    expect(configFromForm(form, true)).toMatchObject({
      type: 'ok',
      config: { sandbox: { write: ['~/notes', '/srv/data'], network: ['registry.npmjs.org', '*.example.com'] } },
    });
    const plain = configFromForm({ ...form, sandboxed: false }, true);
    expect(plain.type === 'ok' && 'sandbox' in plain.config).toBe(false);
    const back = formFromServer(mcpServer('files', { sandbox: { write: ['~/notes'], network: ['pypi.org', 'files.pythonhosted.org'] } }));
    expect(back).toMatchObject({
      sandboxed: true,
      sandboxWrite: '~/notes',
      sandboxHosts: 'pypi.org\nfiles.pythonhosted.org',
      sandboxAnyHost: false,
    });
    expect(formFromServer(mcpServer('files', { sandbox: { write: [], network: false } })).sandboxHosts).toBe('');
    expect(formFromServer(mcpServer('files')).sandboxed).toBe(false);
  });

  it('keeps an older "any public host" entry only while no host is named, and never turns no hosts into the network', () => {
    const legacy = formFromServer(mcpServer('files', { sandbox: { write: [], network: true } }));
    expect(legacy).toMatchObject({ sandboxAnyHost: true, sandboxHosts: '' });
    const kept = configFromForm({ ...legacy, command: 'node' }, true);
    expect(kept.type === 'ok' && kept.config.sandbox?.network).toBe(true);
    const narrowed = configFromForm({ ...legacy, command: 'node', sandboxHosts: 'pypi.org' }, true);
    expect(narrowed.type === 'ok' && narrowed.config.sandbox?.network).toEqual(['pypi.org']);
    const none = configFromForm({ ...emptyServerForm(), name: 'x', command: 'node', sandboxed: true }, true);
    expect(none.type === 'ok' && none.config.sandbox?.network).toEqual([]);
  });

  it('builds an HTTP config with headers split at the first colon', () => {
    const form = {
      ...emptyServerForm(),
      name: 'remote',
      transport: 'http' as const,
      url: 'http://127.0.0.1:3000/mcp',
      headers: 'Authorization: Bearer a:b',
    };
    expect(configFromForm(form, false)).toMatchObject({
      type: 'ok',
      config: { url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer a:b' }, enabled: false, approval: 'ask' },
    });
  });

  it('names the field that cannot be sent', () => {
    const base = { ...emptyServerForm(), name: 'x', command: 'node' };
    expect(configFromForm({ ...base, name: ' ' }, true)).toMatchObject({ type: 'invalid', field: 'name' });
    expect(configFromForm({ ...base, command: '' }, true)).toMatchObject({ type: 'invalid', field: 'command' });
    expect(configFromForm({ ...base, env: 'OK=1\nno separator' }, true)).toEqual({
      type: 'invalid',
      field: 'env',
      message: 'Environment, line 2: write it as KEY=value.',
    });
    expect(configFromForm({ ...base, timeoutSeconds: '1.5' }, true)).toMatchObject({ type: 'invalid', field: 'timeoutSeconds' });
    expect(configFromForm({ ...base, transport: 'http' }, true)).toMatchObject({ type: 'invalid', field: 'url' });
  });

  it('edits a server with its secrets masked: only the keys came from main', () => {
    const form = formFromServer(mcpServer('everything', { envKeys: ['API_KEY', 'TOKEN'], args: ['a', 'b'], timeoutMs: 30_000 }));
    expect(form.env).toBe(`API_KEY=${SECRET_MASK}\nTOKEN=${SECRET_MASK}`);
    expect(form.args).toBe('a\nb');
    expect(form.timeoutSeconds).toBe('30');
  });
});
