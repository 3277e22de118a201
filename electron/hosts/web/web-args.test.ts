import { describe, expect, it } from 'vitest';
import { parseWebArgs } from './web-args';

describe('parseWebArgs', () => {
  it('defaults to any free port and the stored settings', () => {
    expect(parseWebArgs([])).toEqual({
      type: 'run',
      options: { host: undefined, port: 0, dataDir: null, workspace: null, staticDir: null },
    });
  });

  it('reads every flag', () => {
    expect(
      parseWebArgs(['--host', '127.0.0.1:5000', '--port=8080', '--data-dir', '/d', '--workspace', '/w', '--static-dir', '/s']),
    ).toEqual({
      type: 'run',
      options: { host: 'http://127.0.0.1:5000', port: 8080, dataDir: '/d', workspace: '/w', staticDir: '/s' },
    });
  });

  it.each([
    [['--port', 'x'], '--port must be a number'],
    [['--port', '70000'], '--port must be a number'],
    [['--host', 'file:///x'], 'not an Ollama address'],
    [['--frobnicate'], 'Unknown argument'],
    [['--data-dir'], 'needs a value'],
  ])('refuses %j', (argv, words) => {
    const parsed = parseWebArgs(argv);
    expect(parsed.type).toBe('error');
    if (parsed.type === 'error') expect(parsed.message).toContain(words);
  });

  it('asks for help', () => {
    expect(parseWebArgs(['--port', '1', '--help'])).toEqual({ type: 'help' });
  });
});
