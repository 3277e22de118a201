import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMcpFile, parseMcpConfig, saveMcpFile } from './mcp-config';

const root = mkdtempSync(path.join(tmpdir(), 'taco-mcp-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('parseMcpConfig', () => {
  it('reads the mcpServers shape with TACO’s fields', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: {
          everything: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-everything'],
            env: { API_KEY: 'k' },
            approval: 'trusted-read',
            timeoutMs: 5000,
          },
          remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' }, enabled: false, disabledTools: ['x'] },
          cline: { command: 'uvx', args: ['mcp-server-git'], autoApprove: [], disabled: false },
        },
      },
      'mcp.json',
    );
    expect([...parsed.servers.keys()]).toEqual(['everything', 'remote', 'cline']);
    expect(parsed.servers.get('everything')).toMatchObject({ approval: 'trusted-read', timeoutMs: 5000, env: { API_KEY: 'k' } });
    expect(parsed.invalid.size).toBe(0);
  });

  it('names the server and the field of every problem, and keeps the good servers', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: {
          good: { command: 'node' },
          github: { command: 'npx', args: [1] },
          empty: {},
          both: { command: 'node', url: 'http://127.0.0.1:1/mcp' },
          policy: { command: 'node', approval: 'always' },
          'bad name!': { command: 'node' },
          headersOnStdio: { command: 'node', headers: { A: 'b' } },
          userinfo: { url: 'https://me:secret@example.com/mcp' },
        },
      },
      'mcp.json',
    );
    expect([...parsed.servers.keys()]).toEqual(['good']);
    const message = (name: string): string => parsed.invalid.get(name)?.message ?? '';
    expect(message('github')).toMatch(/^mcp\.json: server "github": "args\.0" /);
    expect(message('empty')).toBe('mcp.json: server "empty": "command" is required (or "url" for an HTTP server)');
    expect(message('both')).toMatch(/server "both": "url" cannot be given with "command"/);
    expect(message('policy')).toMatch(/server "policy": "approval" /);
    expect(message('bad name!')).toMatch(/server "bad name!": the name must use letters, digits/);
    expect(message('headersOnStdio')).toMatch(/"headers" only an HTTP server takes "headers"/);
    expect(message('userinfo')).toMatch(/"url" must not carry a user name or password/);
    expect(message('userinfo')).not.toContain('secret');
  });

  it('refuses a file that is not the mcpServers shape, with an example', () => {
    expect(() => parseMcpConfig({ servers: {} }, 'mcp.json')).toThrow(/must be a JSON object with an "mcpServers" object/);
  });
});

describe('loadMcpFile / saveMcpFile', () => {
  it('sets a corrupt file aside (never deletes it) and starts with no servers', async () => {
    const dir = mkdtempSync(path.join(root, 'corrupt-'));
    const file = path.join(dir, 'mcp.json');
    writeFileSync(file, '{"mcpServers": {');
    const loaded = await loadMcpFile(file, 1000);
    expect(loaded.servers.size).toBe(0);
    expect(loaded.notice).toMatch(/^mcp\.json is not valid JSON\. It was moved aside to “mcp.*”/);
    expect(existsSync(file)).toBe(false);
    const aside = readdirSync(dir).find((name) => name !== 'mcp.json');
    expect(aside && readFileSync(path.join(dir, aside), 'utf8')).toBe('{"mcpServers": {');
  });

  it('writes entries it could not use back unchanged beside the good ones', async () => {
    const file = path.join(root, 'mixed.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { good: { command: 'node' }, broken: { command: 42 } } }));
    const loaded = await loadMcpFile(file, 1);
    expect(loaded.invalid.get('broken')?.message).toMatch(/"command"/);
    loaded.servers.set('added', { url: 'http://127.0.0.1:1/mcp' });
    await saveMcpFile(file, loaded);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      mcpServers: { broken: { command: 42 }, good: { command: 'node' }, added: { url: 'http://127.0.0.1:1/mcp' } },
    });
  });
});
