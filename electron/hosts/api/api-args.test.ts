import { describe, expect, it } from 'vitest';
import { MIN_KEY_CHARS, parseApiArgs } from './api-args';

const key = 'k'.repeat(MIN_KEY_CHARS);

describe('parseApiArgs', () => {
  it('needs only a key: any free port and the stored settings otherwise', () => {
    expect(parseApiArgs(['--key', key])).toEqual({
      type: 'run',
      options: { host: undefined, port: 0, key, dataDir: null, workspace: null },
    });
  });

  it('reads every flag, with the value after the flag or after an =', () => {
    expect(parseApiArgs([`--key=${key}`, '--host', '127.0.0.1:5000', '--port=8080', '--data-dir', ' /d ', '--workspace', '/w'])).toEqual({
      type: 'run',
      options: { host: 'http://127.0.0.1:5000', port: 8080, key, dataDir: '/d', workspace: '/w' },
    });
  });

  it('shows help whatever else is on the line', () => {
    expect(parseApiArgs(['--port', 'x', '-h'])).toEqual({ type: 'help' });
  });

  it.each([
    [['--key', key, '--port', '-1'], '--port must be a number from 0 to 65535 (got "-1")'],
    [['--key', key, '--port', '65536'], '--port must be a number from 0 to 65535 (got "65536")'],
    [['--key', 'k'.repeat(MIN_KEY_CHARS - 1)], `at least ${MIN_KEY_CHARS} characters`],
    [[], '--key is required'],
    [['--key', key, '--host', 'file:///x'], 'not an Ollama address'],
    [['--key', key, '--static-dir', '/s'], 'Unknown argument --static-dir'],
    [['--key'], '--key needs a value'],
    // The checks come in order: the port, then the key, then the address.
    [['--port', 'x', '--host', 'file:///x'], '--port must be a number'],
    [['--host', 'file:///x'], '--key is required'],
  ])('refuses %j', (argv, words) => {
    const parsed = parseApiArgs(argv);
    expect(parsed).toEqual({ type: 'error', message: expect.stringContaining(words) as string });
  });
});
