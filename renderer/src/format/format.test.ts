import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';
import { formatDuration } from './format-duration';
import { frameStateLabel } from './frame-state-label';
import { summarizeArgs } from './summarize-args';

describe('format helpers', () => {
  it('formats sizes in decimal units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2_019_393_189)).toBe('2.0 GB');
    expect(formatBytes(-1)).toBe('');
  });

  it('formats durations', () => {
    expect(formatDuration(420)).toBe('420 ms');
    expect(formatDuration(2300)).toBe('2.3 s');
    expect(formatDuration(95_000)).toBe('1 min 35 s');
  });

  it('summarizes arguments on one short line', () => {
    expect(summarizeArgs({ path: 'a.txt', limit: 2, deep: { x: 1 }, list: [1, 2] })).toBe(
      'path: "a.txt", limit: 2, deep: {…}, list: [2 items]',
    );
    expect(summarizeArgs({ content: 'x'.repeat(200) }, 20)).toHaveLength(20);
  });

  it('names every frame state', () => {
    expect(frameStateLabel('waiting-tool', 'save_file')).toBe('Waiting for save_file');
    expect(frameStateLabel('waiting-user', null)).toBe('Waiting for you');
  });
});
