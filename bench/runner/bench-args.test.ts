import { describe, expect, it } from 'vitest';
import { parseBenchArgs, STAGES } from './bench-args';

describe('parseBenchArgs', () => {
  it('defaults to every part, a table and the default number of runs', () => {
    expect(parseBenchArgs([])).toEqual({ type: 'ok', args: { json: false, runs: 5, stages: [...STAGES] } });
  });

  it('reads --json, --runs and --only (kept in running order)', () => {
    expect(parseBenchArgs(['--json', '--runs', '3', '--only', 'rss,pipeline'])).toEqual({
      type: 'ok',
      args: { json: true, runs: 3, stages: ['pipeline', 'rss'] },
    });
  });

  it('answers bad input with words instead of crashing', () => {
    expect(parseBenchArgs(['--runs', 'many'])).toMatchObject({ type: 'error', message: expect.stringContaining('--runs') });
    expect(parseBenchArgs(['--only', 'gpu'])).toMatchObject({ type: 'error', message: expect.stringContaining('not: gpu') });
    expect(parseBenchArgs(['--fast'])).toMatchObject({ type: 'error', message: 'Unknown argument "--fast".' });
    expect(parseBenchArgs(['--help'])).toEqual({ type: 'help' });
  });
});
