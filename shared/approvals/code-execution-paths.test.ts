import { describe, expect, it } from 'vitest';
import { codeExecutionWarning } from './code-execution-paths';

const write = { risk: 'write' as const };
const warns = (path: string, resolvedPath?: string): boolean => codeExecutionWarning(write, { path, content: '' }, resolvedPath) !== null;

describe('codeExecutionWarning: which writes can make programs run', () => {
  it.each([
    'package.json',
    'app/package.json',
    '.envrc',
    '.npmrc',
    '.yarnrc',
    '.yarnrc.yml',
    '.pre-commit-config.yaml',
    '.gitmodules',
    '.gitattributes',
    '.git/config',
    '.git',
    'vendor/lib/.GIT',
    '.vscode',
    'sub/.git/hooks/pre-push',
    '.vscode/tasks.json',
    '.idea/workspace.xml',
    '.husky/pre-commit',
    '.devcontainer/devcontainer.json',
    '.github/workflows/ci.yml',
    'pkg/.github/workflows/release.yml',
    '.git../hooks/pre-commit',
    'GIT~1/config',
    'ABCDEF~12/config',
    'A~1.TXT',
  ])('%j warns', (path) => {
    expect(warns(path)).toBe(true);
  });

  it.each([
    'notes/todo.md',
    'package.json.bak',
    'workflows/ci.yml',
    '.github/ci.yml',
    '.github/workflows',
    '.github/x/workflows/ci.yml',
    'my.git/config',
    '.gitx/config',
    'ABCDEFGHI~1/config',
    'GIT~1abc/config',
    'A~1.TEXT',
    '~1/config',
    'a.b~1/config',
    'GIT~/config',
  ])('%j does not warn', (path) => {
    expect(warns(path)).toBe(false);
  });

  it('names the path the model wrote, and asks every time', () => {
    const warning = codeExecutionWarning(write, { path: 'hk/pre-commit', content: '' }, '.git/hooks/pre-commit');
    expect(warning).toContain('Writing hk/pre-commit can make programs run');
    expect(warning).toContain('asked every time');
  });

  it('only writes warn, and only with a path', () => {
    expect(codeExecutionWarning({ risk: 'shell' }, { path: '.git/config', command: 'x' })).toBeNull();
    expect(codeExecutionWarning({ risk: 'read' }, { path: '.git/config' })).toBeNull();
    expect(codeExecutionWarning(write, { path: 5, content: '' }, '.git/config')).toBeNull();
  });
});
