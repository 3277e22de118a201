import { describe, expect, it } from 'vitest';
import { approvalScopeFor } from './approval-scope';
import { codeExecutionWarning } from './code-execution-paths';

const mcpBrowser = {
  toolId: 'mcp__browser__navigate',
  risk: 'network' as const,
  source: { kind: 'mcp' as const, server: 'browser', tool: 'navigate', readOnlyHint: null },
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

  it('a command allowed without the network is not allowed with it: network is its own scope, shown on the label', () => {
    const tool = { toolId: 'run_command', risk: 'shell' as const };
    const offline = approvalScopeFor(tool, { command: 'npm test' });
    expect(approvalScopeFor(tool, { command: 'npm test', network: false }).key).toBe(offline.key);
    const online = approvalScopeFor(tool, { command: 'npm test', network: true });
    expect(online.key).not.toBe(offline.key);
    expect(online.label).toBe('`npm test` with network');
    expect(approvalScopeFor(tool, { command: 'npm test', network: 'yes' }).key).not.toBe(online.key);
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
