import { describe, expect, it } from 'vitest';
import { firstReplyLine } from './side-reply-line';

describe('firstReplyLine', () => {
  it('skips thinking and blank lines, and says when nothing is left', () => {
    expect(firstReplyLine('<think>hmm\nlet me see</think>\n\n  Reading the config file  \nmore')).toBe('Reading the config file');
    expect(firstReplyLine('<THINK>x</THINK>   \n \n')).toBeNull();
    expect(firstReplyLine('')).toBeNull();
  });
});
