import { describe, expect, it } from 'vitest';
import { parseApiArgs } from '../../hosts/api/api-args';
import { NO_LOCAL_API } from './local-api-port';

/**
 * A command line as a POSIX shell reads this one: leading NAME=value words are the environment,
 * `npm run api` the script, and the words after `--` its arguments.
 */
function asTheShellRunsIt(command: string): { env: Record<string, string>; script: string; argv: string[] } {
  const words = command.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const word = words.shift() ?? '';
    const at = word.indexOf('=');
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  const dashes = words.indexOf('--');
  return {
    env,
    script: (dashes === -1 ? words : words.slice(0, dashes)).join(' '),
    argv: dashes === -1 ? [] : words.slice(dashes + 1),
  };
}

describe('the local API command a host without the API suggests', () => {
  it('is accepted by the API host exactly as shown', async () => {
    const status = await NO_LOCAL_API.status();
    if (status.type !== 'unavailable') throw new Error('a host without the API must say so');
    const { env, script, argv } = asTheShellRunsIt(status.command);
    expect(script).toBe('npm run api');
    expect(parseApiArgs(argv, env)).toMatchObject({ type: 'run' });
  });

  it('keeps the key off the command line, which every user of the computer can read', async () => {
    const status = await NO_LOCAL_API.status();
    if (status.type !== 'unavailable') throw new Error('a host without the API must say so');
    expect(asTheShellRunsIt(status.command).argv.some((word) => word.startsWith('--key') && word !== '--key-file')).toBe(false);
    expect(`${status.message} ${status.command}`).not.toMatch(/--key(?![-\w])/);
  });
});
