import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract/json';
import { approvalScopeFor, normalizeToolPath } from './approval-scope';
import { codeExecutionWarning } from './code-execution-paths';

const mcpBrowser = {
  toolId: 'mcp__browser__navigate',
  risk: 'network' as const,
  source: { kind: 'mcp' as const, server: 'browser', tool: 'navigate', readOnlyHint: null, remote: false },
};

describe('approvalScopeFor: "Allow for this conversation" covers only what the user saw', () => {
  it('an MCP tool is scoped by its exact arguments, never by the origin of its url', () => {
    // The url alone: a built-in network tool would be scoped by origin here, an MCP tool must not be.
    const alone = approvalScopeFor(mcpBrowser, { url: 'https://example.com/a' });
    expect(approvalScopeFor(mcpBrowser, { url: 'https://example.com/b' }).key).not.toBe(alone.key);
    expect(alone.label).not.toBe('https://example.com');
    const seen = approvalScopeFor(mcpBrowser, { url: 'https://example.com/a', launchOptions: { headless: true } });
    const later = approvalScopeFor(mcpBrowser, { url: 'https://example.com/b', launchOptions: { args: ['--no-sandbox'] } });
    expect(later.key).not.toBe(seen.key);
    expect(approvalScopeFor(mcpBrowser, { launchOptions: { headless: true }, url: 'https://example.com/a' }).key).toBe(seen.key);
  });

  it('a built-in network tool with an argument besides its url is scoped exactly; with the url alone by origin', () => {
    const tool = { toolId: 'fetch_url', risk: 'network' as const };
    expect(approvalScopeFor(tool, { url: 'https://a.example/x' }).key).toBe(approvalScopeFor(tool, { url: 'https://a.example/y' }).key);
    const withExtra = approvalScopeFor(tool, { url: 'https://a.example/x', proxy: 'http://evil' });
    expect(withExtra.key).not.toBe(approvalScopeFor(tool, { url: 'https://a.example/x', proxy: 'http://other' }).key);
  });

  it('a shell tool with an extra argument (a cwd) is scoped exactly', () => {
    const tool = { toolId: 'run_command', risk: 'shell' as const };
    expect(approvalScopeFor(tool, { command: 'npm test', cwd: '/' }).key).not.toBe(
      approvalScopeFor(tool, { command: 'npm test', cwd: '/etc' }).key,
    );
  });

  it('a command allowed without the network, or for some hosts, is not allowed for others: the hosts are its scope, shown on the label', () => {
    const tool = { toolId: 'run_command', risk: 'shell' as const };
    const offline = approvalScopeFor(tool, { command: 'npm test' });
    expect(approvalScopeFor(tool, { command: 'npm test', network: [] }).key).toBe(offline.key);
    const online = approvalScopeFor(tool, { command: 'npm test', network: ['registry.npmjs.org', 'example.com'] });
    expect(online.key).not.toBe(offline.key);
    expect(online.label).toBe('`npm test` with network to example.com, registry.npmjs.org');
    // The same hosts in another order, or repeated, are the same approval; one more, one fewer or another is not.
    expect(approvalScopeFor(tool, { command: 'npm test', network: ['example.com', 'registry.npmjs.org', 'example.com'] }).key).toBe(
      online.key,
    );
    for (const other of [
      ['registry.npmjs.org'],
      ['registry.npmjs.org', 'example.com', 'evil.example'],
      ['registry.npmjs.org', 'example.org'],
    ])
      expect(approvalScopeFor(tool, { command: 'npm test', network: other }).key).not.toBe(online.key);
    expect(approvalScopeFor(tool, { command: 'npm install', network: ['registry.npmjs.org', 'example.com'] }).key).not.toBe(online.key);
    // Anything but a list of host names is scoped exactly: its own approval, never another's.
    for (const odd of [true, false, 'example.com', [1], ['example.com', null]]) {
      const scope = approvalScopeFor(tool, { command: 'npm test', network: odd });
      expect(scope.key).not.toBe(offline.key);
      expect(scope.key).toMatch(/^run_command\u0000args:/);
    }
    // write_workspace only makes the call ask (no scratch run): an approved command may always write the workspace.
    expect(approvalScopeFor(tool, { command: 'npm test', write_workspace: true }).key).toBe(offline.key);
  });

  it('a write is scoped by its path whatever its content, and by the resolved path when main gives one', () => {
    const tool = { toolId: 'write_file', risk: 'write' as const };
    expect(approvalScopeFor(tool, { path: 'a.txt', content: '1' }).key).toBe(approvalScopeFor(tool, { path: './a.txt', content: '2' }).key);
    expect(approvalScopeFor(tool, { path: 'link/a.txt', content: '1' }, 'real/a.txt').label).toBe('real/a.txt');
  });
});

describe('codeExecutionWarning: the path as the file system sees it', () => {
  const write = { risk: 'write' as const };
  it.each([
    ['.git./hooks/pre-commit'],
    ['.GIT /config'],
    ['GIT~1/hooks/pre-commit'],
    ['.g\u200cit/hooks/pre-commit'],
    ['pack\u00adage.json'],
  ])('%j warns', (path) => {
    expect(codeExecutionWarning(write, { path, content: '' })).toMatch(/can make programs run/);
  });

  it('a harmless path warns when main resolved it into .git (a symbolic link hk -> .git/hooks)', () => {
    expect(codeExecutionWarning(write, { path: 'hk/pre-commit', content: '' })).toBeNull();
    expect(codeExecutionWarning(write, { path: 'hk/pre-commit', content: '' }, '.git/hooks/pre-commit')).toMatch(/can make programs run/);
  });
});

describe('approvalScopeFor: one scope per risk', () => {
  const read = { toolId: 'read_file', risk: 'read' as const };
  const shell = { toolId: 'run_command', risk: 'shell' as const };
  const network = { toolId: 'fetch_url', risk: 'network' as const };
  const write = { toolId: 'write_file', risk: 'write' as const };
  const exact = (toolId: string, args: object) => ({
    key: `${toolId}\u0000args:${JSON.stringify(args)}`,
    label: `${toolId}(${JSON.stringify(args)})`,
  });

  it('a read-only tool is allowed for every call, whatever its arguments (an MCP one too)', () => {
    expect(approvalScopeFor(read, { path: 'a.txt' })).toEqual({ key: 'read_file', label: 'every read_file call' });
    expect(approvalScopeFor(read, { path: 'b.txt', extra: 1 })).toEqual({ key: 'read_file', label: 'every read_file call' });
    const mcpRead = { toolId: 'mcp__notes__list', risk: 'read' as const, source: mcpBrowser.source };
    expect(approvalScopeFor(mcpRead, { folder: 'x' }).key).toBe('mcp__notes__list');
  });

  it('a shell command is allowed as that command; without a string command, exactly', () => {
    expect(approvalScopeFor(shell, { command: 'npm test' })).toEqual({ key: 'run_command\u0000command:npm test', label: '`npm test`' });
    expect(approvalScopeFor(shell, { command: 'npm test' }).key).not.toBe(approvalScopeFor(shell, { command: 'npm test; rm -rf ~' }).key);
    expect(approvalScopeFor(shell, { command: 5 })).toEqual(exact('run_command', { command: 5 }));
    expect(approvalScopeFor(shell, {})).toEqual(exact('run_command', {}));
  });

  it('a network tool is allowed for the url’s origin; a url without one (or none) is scoped exactly', () => {
    expect(approvalScopeFor(network, { url: '  https://a.example/x?q=1 ' })).toEqual({
      key: 'fetch_url\u0000origin:https://a.example',
      label: 'https://a.example',
    });
    expect(approvalScopeFor(network, { url: 'https://a.example/x' }).key).not.toBe(
      approvalScopeFor(network, { url: 'https://b.example/x' }).key,
    );
    const cases: JsonObject[] = [{ url: 'not a url' }, { url: 'data:text/plain,hi' }, { url: 42 }, { url: ['https://a.example/x'] }, {}];
    for (const args of cases) expect(approvalScopeFor(network, args)).toEqual(exact('fetch_url', args));
  });

  it('a write is allowed for its normalised path; extra arguments or a path that is no string scope it exactly', () => {
    expect(approvalScopeFor(write, { path: 'notes\\a.txt', content: 'x' })).toEqual({
      key: 'write_file\u0000path:notes/a.txt',
      label: 'notes/a.txt',
    });
    expect(approvalScopeFor(write, { path: 'a.txt', content: 'x', mode: 'append' })).toEqual(
      exact('write_file', { content: 'x', mode: 'append', path: 'a.txt' }),
    );
    expect(approvalScopeFor(write, { path: 7, content: 'x' })).toEqual(exact('write_file', { content: 'x', path: 7 }));
    // The same path through another write tool is another allowance.
    expect(approvalScopeFor({ toolId: 'edit_file', risk: 'write' }, { path: 'a.txt' }).key).not.toBe(
      approvalScopeFor(write, { path: 'a.txt' }).key,
    );
  });
});

describe('normalizeToolPath', () => {
  it.each([
    ['a\\b\\c.txt', 'a/b/c.txt'],
    ['./a//b/./c', 'a/b/c'],
    ['a/../b', 'b'],
    ['../a', '../a'],
    ['../../a', '../../a'],
    ['a/b/../../..', '..'],
    ['/x/../y', '/y'],
    ['/', '/'],
    ['', '.'],
    ['.', '.'],
    ['a/..', '.'],
  ])('%j → %j', (given, normal) => {
    expect(normalizeToolPath(given)).toBe(normal);
  });
});
