import { describe, expect, it } from 'vitest';
import { storedEventSchema } from './event-schemas';

const run = { runId: 'r1', conversationId: 'c1' };

describe('stored events: tool selection and truncation', () => {
  it('accepts the offered set of a request and a usage flagged truncated', () => {
    const offered = {
      ...run,
      type: 'tools-offered',
      offered: ['read_file', 'find_tools'],
      total: 150,
      narrowed: true,
      ranker: 'embedding',
    };
    expect(storedEventSchema.parse(offered)).toEqual(offered);
    const usage = {
      ...run,
      type: 'usage',
      promptTokens: 4096,
      completionTokens: 2,
      tokensPerSecond: null,
      contextTokens: 4096,
      contextTruncated: false,
      truncated: true,
    };
    expect(storedEventSchema.parse(usage)).toEqual(usage);
  });

  it('refuses a wrong ranker, a negative total, truncated: false and unknown fields', () => {
    const offered = { ...run, type: 'tools-offered', offered: [], total: 1, narrowed: false, ranker: 'lexical' };
    expect(storedEventSchema.safeParse({ ...offered, ranker: 'magic' }).success).toBe(false);
    expect(storedEventSchema.safeParse({ ...offered, total: -1 }).success).toBe(false);
    expect(storedEventSchema.safeParse({ ...offered, extra: 1 }).success).toBe(false);
    const usage = {
      ...run,
      type: 'usage',
      promptTokens: 1,
      completionTokens: 2,
      tokensPerSecond: null,
      contextTokens: 4096,
      contextTruncated: false,
    };
    expect(storedEventSchema.safeParse({ ...usage, truncated: false }).success).toBe(false);
  });
});
