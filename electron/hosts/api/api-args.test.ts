import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { KEY_ON_COMMAND_LINE, MIN_KEY_CHARS, parseApiArgs } from './api-args';
import { readApiKey } from './api-key-file';

const key = 'k'.repeat(MIN_KEY_CHARS);
const env = { TACO_API_KEY: key };
const cleanups = cleanupAfterEach();

describe('parseApiArgs', () => {
  it('needs only a key in TACO_API_KEY: any free port, the stored settings, approvals over the API off', () => {
    expect(parseApiArgs([], env)).toEqual({
      type: 'run',
      options: { host: undefined, port: 0, key: { type: 'env', value: key }, dataDir: null, workspace: null, allowApprovals: false },
    });
  });

  it('reads every flag, with the value after the flag or after an =', () => {
    expect(
      parseApiArgs([
        '--key-file=/k',
        '--host',
        '127.0.0.1:5000',
        '--port=8080',
        '--data-dir',
        ' /d ',
        '--workspace',
        '/w',
        '--allow-api-approvals',
      ]),
    ).toEqual({
      type: 'run',
      options: {
        host: 'http://127.0.0.1:5000',
        port: 8080,
        key: { type: 'file', path: '/k' },
        dataDir: '/d',
        workspace: '/w',
        allowApprovals: true,
      },
    });
  });

  it('shows help whatever else is on the line', () => {
    expect(parseApiArgs(['--port', 'x', '-h'])).toEqual({ type: 'help' });
  });

  it('refuses --key, saying why (other users read the command line) and what to do instead', () => {
    expect(parseApiArgs(['--key', key], env)).toEqual({ type: 'error', message: KEY_ON_COMMAND_LINE });
    expect(KEY_ON_COMMAND_LINE).toContain('/proc/<pid>/cmdline');
    expect(KEY_ON_COMMAND_LINE).toContain('TACO_API_KEY');
    expect(KEY_ON_COMMAND_LINE).toContain('--key-file');
  });

  it.each([
    [['--port', '-1'], env, '--port must be a number from 0 to 65535 (got "-1")'],
    [['--port', '65536'], env, '--port must be a number from 0 to 65535 (got "65536")'],
    [[], { TACO_API_KEY: 'k'.repeat(MIN_KEY_CHARS - 1) }, `at least ${MIN_KEY_CHARS} characters`],
    [[], {}, 'A key is required: set TACO_API_KEY or pass --key-file'],
    [['--key-file', '/k'], env, 'Give the key one way'],
    [['--host', 'file:///x'], env, 'not an Ollama address'],
    [['--static-dir', '/s'], env, 'Unknown argument --static-dir'],
    [['--key-file'], {}, '--key-file needs a value'],
    // The checks come in order: the port, then the key, then the address.
    [['--port', 'x', '--host', 'file:///x'], {}, '--port must be a number'],
    [['--host', 'file:///x'], {}, 'A key is required'],
  ])('refuses %j with %j', (argv, environment, words) => {
    const parsed = parseApiArgs(argv, environment);
    expect(parsed).toEqual({ type: 'error', message: expect.stringContaining(words) as string });
  });
});

describe('readApiKey', () => {
  function keyFile(mode: number, text = `${key}\n`): string {
    const path = join(cleanups.tempDir('taco-key-'), 'api.key');
    writeFileSync(path, text, { mode });
    chmodSync(path, mode);
    return path;
  }

  it('reads a 0600 (or 0400) key file, trimmed', async () => {
    expect(await readApiKey({ type: 'file', path: keyFile(0o600) })).toEqual({ key });
    expect(await readApiKey({ type: 'file', path: keyFile(0o400) })).toEqual({ key });
  });

  it.each([0o644, 0o640, 0o604, 0o660])('refuses a key file of mode %o with the chmod that fixes it', async (mode) => {
    const path = keyFile(mode);
    expect(await readApiKey({ type: 'file', path })).toEqual({
      error: `The key file ${path} can be read by other users (mode 0${mode.toString(8)}). Make it private with: chmod 600 ${path}`,
    });
  });

  it('refuses a short key, a missing file, and a folder', async () => {
    expect(await readApiKey({ type: 'file', path: keyFile(0o600, 'short') })).toEqual({ error: expect.stringContaining('at least') });
    expect(await readApiKey({ type: 'file', path: '/nonexistent/taco.key' })).toEqual({ error: expect.stringContaining('Could not open') });
    expect(await readApiKey({ type: 'file', path: cleanups.tempDir('taco-key-dir-') })).toEqual({
      error: expect.stringContaining('not a regular file'),
    });
  });
});
