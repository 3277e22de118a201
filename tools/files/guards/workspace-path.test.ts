import { access, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolFailure } from '../../catalogue/tool-runtime-types';
import { createWorkspaceFixture, type WorkspaceFixture } from '../workspace-fixture';
import { errorCode, isInside, NO_WORKSPACE_MESSAGE, resolveWorkspacePath } from './workspace-path';

let fixture: WorkspaceFixture;
beforeAll(async () => {
  fixture = await createWorkspaceFixture();
});
afterAll(async () => {
  await fixture.remove();
});

async function refusal(requested: string, options: { mustExist?: boolean } = {}): Promise<string> {
  const error: unknown = await resolveWorkspacePath(fixture.workspace, requested, options).then(
    (resolved) => new Error(`expected a refusal, resolved to ${resolved.absolute}`),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ToolFailure)) throw error instanceof Error ? error : new Error(String(error));
  return error.message;
}

describe('resolveWorkspacePath: refused', () => {
  const escapes: Array<[string, () => string]> = [
    ['..', () => '..'],
    ['../outside/secret.txt', () => '../outside/secret.txt'],
    ['../../etc/passwd', () => '../../etc/passwd'],
    ['sub/../../outside/secret.txt', () => 'sub/../../outside/secret.txt'],
    ['an absolute path outside', () => path.join(fixture.base, 'outside', 'secret.txt')],
    ['/etc/passwd', () => '/etc/passwd'],
    ['a prefix sibling, relative', () => '../ws-evil/secret.txt'],
    ['a prefix sibling, absolute', () => path.join(fixture.base, 'ws-evil', 'secret.txt')],
    ['the prefix sibling folder itself', () => `${fixture.workspace}-evil`],
  ];
  for (const [name, requested] of escapes) {
    it(`refuses ${name}`, async () => {
      for (const mustExist of [true, false]) {
        expect(await refusal(requested(), { mustExist })).toContain('leads outside the workspace folder, so it was refused');
      }
    });
  }

  it('refuses a symbolic link to a file outside, for reading and for writing', async () => {
    expect(await refusal('link-out-file', { mustExist: true })).toContain('outside the workspace folder through a symbolic link');
    expect(await refusal('link-out-file')).toContain('through a symbolic link');
  });

  it('refuses a symbolic link to a folder outside, and anything below it', async () => {
    expect(await refusal('link-out-dir', { mustExist: true })).toContain('through a symbolic link');
    expect(await refusal('link-out-dir/secret.txt', { mustExist: true })).toContain('through a symbolic link');
    expect(await refusal('link-out-dir/new-file.txt')).toContain('through a symbolic link');
    expect(await refusal('link-out-dir/new/deep/file.txt')).toContain('through a symbolic link');
  });

  it('refuses a dangling symbolic link, so a write cannot create its target outside', async () => {
    expect(await refusal('dangling')).toContain('symbolic link whose target does not exist');
    await expect(access(path.join(fixture.base, 'outside', 'created-by-attack.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a loop of symbolic links', async () => {
    expect(await refusal('loop-a', { mustExist: true })).toContain('it goes round a loop of symbolic links');
  });

  it('refuses the home folder shorthand', async () => {
    expect(await refusal('~')).toContain('home folder');
    expect(await refusal('~/.ssh/id_rsa')).toContain('home folder');
    expect(await refusal('~\\.ssh\\id_rsa')).toContain('home folder');
  });

  it('refuses null bytes and empty paths', async () => {
    expect(await refusal('inside.txt\0.png')).toContain('null character');
    expect(await refusal('   ')).toContain('The path is empty');
  });

  it('says clearly when no workspace is set, or when it is gone', async () => {
    await expect(resolveWorkspacePath(null, 'inside.txt')).rejects.toThrow(NO_WORKSPACE_MESSAGE);
    await expect(resolveWorkspacePath('  ', 'inside.txt')).rejects.toThrow('No workspace folder is set');
    await expect(resolveWorkspacePath(path.join(fixture.base, 'vanished'), 'a.txt')).rejects.toThrow('cannot be opened');
  });

  it('treats encoded and backslash tricks as plain names inside the workspace', async () => {
    for (const trick of ['%2e%2e/outside/secret.txt', '..%2foutside%2fsecret.txt', '%2e%2e%5coutside', '..\\outside\\secret.txt']) {
      const resolved = await resolveWorkspacePath(fixture.workspace, trick);
      expect(isInside(fixture.workspace, resolved.absolute)).toBe(true);
      expect(resolved.exists).toBe(false);
      expect(await refusal(trick, { mustExist: true })).toContain('does not exist in the workspace folder');
    }
  });
});

describe('resolveWorkspacePath: allowed', () => {
  it('resolves relative, dotted and absolute paths inside', async () => {
    expect((await resolveWorkspacePath(fixture.workspace, 'inside.txt', { mustExist: true })).relative).toBe('inside.txt');
    expect((await resolveWorkspacePath(fixture.workspace, './sub/../inside.txt', { mustExist: true })).relative).toBe('inside.txt');
    expect((await resolveWorkspacePath(fixture.workspace, path.join(fixture.workspace, 'sub', 'file.txt'))).relative).toBe(
      path.join('sub', 'file.txt'),
    );
    expect((await resolveWorkspacePath(fixture.workspace, '.')).relative).toBe('.');
  });

  it('follows a symbolic link that stays inside', async () => {
    const resolved = await resolveWorkspacePath(fixture.workspace, 'link-in/file.txt', { mustExist: true });
    expect(resolved.absolute).toBe(path.join(fixture.workspace, 'sub', 'file.txt'));
  });

  it('accepts a path that does not exist yet, for writing', async () => {
    const resolved = await resolveWorkspacePath(fixture.workspace, 'new/deep/file.txt');
    expect(resolved).toMatchObject({ exists: false, absolute: path.join(fixture.workspace, 'new', 'deep', 'file.txt') });
    expect(await refusal('new/deep/file.txt', { mustExist: true })).toContain('does not exist');
  });

  it('works when the workspace is given through a symbolic link', async () => {
    const alias = path.join(fixture.base, 'ws-alias');
    await symlink(fixture.workspace, alias);
    const resolved = await resolveWorkspacePath(alias, 'inside.txt', { mustExist: true });
    expect(resolved).toMatchObject({ root: fixture.workspace, absolute: path.join(fixture.workspace, 'inside.txt') });
  });
});

describe('isInside', () => {
  it('uses a separator boundary', () => {
    expect(isInside('/ws', '/ws')).toBe(true);
    expect(isInside('/ws', '/ws/a')).toBe(true);
    expect(isInside('/ws', '/ws-evil')).toBe(false);
    expect(isInside('/ws', '/wsa/b')).toBe(false);
    expect(isInside('/', '/anything')).toBe(true);
  });
});

describe('resolveWorkspacePath: what the file system says', () => {
  it('a path below a file is simply not there (for a write to refuse later), not an error', async () => {
    const resolved = await resolveWorkspacePath(fixture.workspace, 'inside.txt/child.txt');
    expect(resolved).toMatchObject({ relative: path.join('inside.txt', 'child.txt'), exists: false });
  });

  it('any other failure is refused with the file system’s code', async () => {
    expect(await refusal(`${'n'.repeat(300)}/a.txt`)).toContain('cannot be resolved: the file system said ENAMETOOLONG');
  });
});

describe('errorCode', () => {
  it('reads a string code from an error object, nothing else', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe('ENOENT');
    expect(errorCode({ code: 5 })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode('ENOENT')).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});
