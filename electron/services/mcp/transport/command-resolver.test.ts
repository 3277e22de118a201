import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveCommand } from './command-resolver';

const root = mkdtempSync(path.join(tmpdir(), 'taco-resolve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function executable(folder: string, name: string): string {
  mkdirSync(path.join(root, folder), { recursive: true });
  const file = path.join(root, folder, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

describe('resolveCommand', () => {
  it('finds a bare name in the first PATH folder that has it', () => {
    const found = executable('b', 'npx');
    executable('c', 'npx');
    const pathValue = [path.join(root, 'a'), path.join(root, 'b'), path.join(root, 'c')].join(path.delimiter);
    expect(resolveCommand('npx', { pathValue, cwd: root, platform: 'linux' })).toMatchObject({ type: 'found', file: found });
  });

  it('says exactly what was tried when a command is missing, and how to fix it', () => {
    const pathValue = [path.join(root, 'a'), path.join(root, 'd')].join(path.delimiter);
    const missing = resolveCommand('uvx', { pathValue, cwd: root, platform: 'linux' });
    expect(missing.type).toBe('missing');
    if (missing.type === 'missing') {
      expect(missing.message).toContain(
        `\`uvx\` was not found on PATH (tried: ${path.join(root, 'a', 'uvx')}, ${path.join(root, 'd', 'uvx')})`,
      );
      expect(missing.message).toContain('Install uv');
    }
  });

  it('on Windows tries the PATHEXT extensions, so npx finds npx.cmd', () => {
    const shim = executable('win', 'npx.cmd');
    const found = resolveCommand('npx', { pathValue: path.join(root, 'win'), cwd: root, platform: 'win32', pathExt: '.COM;.EXE;.CMD' });
    expect(found).toMatchObject({ type: 'found', file: shim });
  });

  it('checks a path as given (relative to cwd), not on PATH', () => {
    const script = executable('tools', 'server.sh');
    expect(resolveCommand('./tools/server.sh', { pathValue: '', cwd: root, platform: 'linux' })).toMatchObject({
      type: 'found',
      file: script,
    });
    const missing = resolveCommand('./tools/nope.sh', { pathValue: '', cwd: root, platform: 'linux' });
    expect(missing.type === 'missing' && missing.message).toMatch(
      /`\.\/tools\/nope\.sh` was not found or is not executable \(tried: .*nope\.sh\)/,
    );
  });
});

describe('userPath', () => {
  it('puts the login shell’s PATH first and keeps ours after it, without duplicates', async () => {
    const { userPath } = await import('./command-resolver');
    const own = [path.join(root, 'own-a'), '/usr/bin'].join(':');
    const merged = await userPath('linux', { PATH: own, SHELL: '/bin/sh', HOME: root });
    const folders = merged.split(':');
    expect(folders).toContain(path.join(root, 'own-a'));
    expect(folders).toContain('/usr/bin');
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('on Windows is the process PATH as it is', async () => {
    const { userPath } = await import('./command-resolver');
    expect(await userPath('win32', { PATH: 'C:\\Windows;C:\\node' })).toBe('C:\\Windows;C:\\node');
  });
});

describe('userPath with a login shell that does not finish', () => {
  const pidFiles: string[] = [];
  afterAll(() => {
    for (const file of pidFiles)
      for (const pid of readFileSync(file, 'utf8').trim().split(/\s+/)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // already gone
        }
      }
  });

  /** An interactive shell ignores SIGTERM; this one also waits on a program its start-up files ran (pyenv's rehash on a stale lock). */
  function stuckShell(name: string, printFirst: string): string {
    const file = path.join(root, 'shells', name);
    const pidFile = path.join(root, 'shells', `${name}.pid`);
    pidFiles.push(pidFile);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `#!/bin/sh\ntrap '' TERM\n${printFirst}\nsleep 600 &\necho $$ $! > '${pidFile}'\nwait\n`);
    chmodSync(file, 0o755);
    return file;
  }

  it('takes the PATH as soon as both marks are printed, though the shell goes on', async () => {
    vi.resetModules();
    const { userPath } = await import('./command-resolver');
    const shell = stuckShell('prints-then-waits', `printf '%s' "__TACO_PATH__/login/bin__TACO_PATH__"`);
    const merged = await userPath('linux', { PATH: '/usr/bin', SHELL: shell, HOME: root });
    expect(merged.split(':')).toEqual(['/login/bin', '/usr/bin']);
  });

  it('gives up on a shell that never prints once its time is up, though it will not stop, and keeps our PATH', async () => {
    vi.resetModules();
    const { userPath } = await import('./command-resolver');
    const shell = stuckShell('never-prints', ':');
    expect(await userPath('linux', { PATH: '/usr/bin:/bin', SHELL: shell, HOME: root })).toBe('/usr/bin:/bin');
  });
});
