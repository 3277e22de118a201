import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../shared/contract/events';
import { checkDelivered, deliveredTokens, type StreamRun } from './pipeline-bench';

const usage = (runId: string, completionTokens: number): TacoEvent =>
  ({
    type: 'usage',
    runId,
    conversationId: 'c',
    completionTokens,
    promptTokens: 10,
    tokensPerSecond: null,
    contextTokens: 8192,
    contextTruncated: false,
  }) as TacoEvent;
const run = (tokens: number, chars: number): StreamRun => ({ ms: 1, cpuUs: 1, batchTimes: [], chars, tokens });

describe('pipeline bench: counting what was delivered', () => {
  it('adds the completion tokens of the run’s own usage events', () => {
    expect(deliveredTokens([usage('r1', 15_000), usage('r2', 7), usage('r1', 5_000)], 'r1')).toBe(20_000);
    expect(deliveredTokens([], 'r1')).toBe(0);
  });

  it('stops the bench when a run delivered less than was asked, naming what it delivered', () => {
    expect(() =>
      checkDelivered(
        [
          { variant: 'bare', run: run(20_000, 120_000) },
          { variant: 'pipeline', run: run(20_000, 120_000) },
        ],
        20_000,
      ),
    ).not.toThrow();
    expect(() =>
      checkDelivered(
        [
          { variant: 'bare', run: run(20_000, 120_000) },
          { variant: 'pipeline', run: run(19_000, 114_000) },
        ],
        20_000,
      ),
    ).toThrow('A pipeline run delivered 19000 tokens and 114000 characters, not the 20000 tokens');
    expect(() =>
      checkDelivered(
        [
          { variant: 'bare', run: run(20_000, 120_000) },
          { variant: 'pipeline', run: run(20_000, 119_999) },
        ],
        20_000,
      ),
    ).toThrow('A pipeline run delivered 20000 tokens and 119999 characters');
  });
});
