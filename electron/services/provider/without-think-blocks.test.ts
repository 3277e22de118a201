import { describe, expect, it } from 'vitest';
import { parseVerdict } from '../orchestration/context-switch';
import { firstReplyLine } from './ollama/side/side-reply-line';
import { withoutThinkBlocks } from './without-think-blocks';

const REGEX = /<think>[\s\S]*?<\/think>/gi;

describe('withoutThinkBlocks', () => {
  it('removes what the lazy regex removed, in every arrangement of openings and closings', () => {
    const cases = [
      '',
      'plain',
      '<think>a</think>b',
      'x<think>a</think>y<think>b</think>z',
      '<think>a<think>b</think>c</think>d',
      '<think>never closed',
      'a</think>b<think>c',
      '<THINK>shout</Think>after',
      '<think></think><think>',
      'é<think>ü</think>ß',
    ];
    for (const text of cases) {
      expect(withoutThinkBlocks(text)).toBe(text.replace(REGEX, ''));
      expect(withoutThinkBlocks(text, ' ')).toBe(text.replace(REGEX, ' '));
    }
  });

  // Openings without a closing made the regex scan to the end from each one: quadratic, minutes of
  // main's thread for a reply this size (a server that ignores max_tokens). One pass now.
  it('a side reply of 300,000 unclosed <think> passes through in one pass', () => {
    const hostile = `${'<think>'.repeat(300_000)}Title`;
    expect(withoutThinkBlocks(hostile)).toBe(hostile);
    expect(firstReplyLine(hostile)).toBe(hostile);
    expect(parseVerdict(hostile)).toBe('same-task');
  });
});
