import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { StepUsage } from '../../provider/provider-types';
import { promptFilledWindow, usageFigures } from './usage-report';

const usage = (promptTokens: number, numCtx: number): StepUsage => ({
  promptTokens,
  completionTokens: 10,
  evalDurationNs: 1e9,
  totalDurationNs: 2e9,
  doneReason: 'stop',
  numCtx,
});

describe('truncation: the prompt filled the window', () => {
  it('is flagged when prompt_eval_count reaches num_ctx, within the margin', () => {
    expect(promptFilledWindow(usage(4096, 4096))).toBe(true);
    expect(promptFilledWindow(usage(4096 - DEFAULTS.truncationMarginTokens, 4096))).toBe(true);
    expect(promptFilledWindow(usage(4096 - DEFAULTS.truncationMarginTokens - 1, 4096))).toBe(false);
    expect(promptFilledWindow(usage(100, 0))).toBe(false);
  });

  it("is flagged at Ollama's runner cut, num_ctx − (num_ctx − keep)/2 with keep 4 or 5 (BOS), not a token either side", () => {
    // llm/llama_server_test.go TestContextShiftPromptLimit: (4096, 4) → 2050, (4096, 5) → 2051.
    expect(promptFilledWindow(usage(2050, 4096))).toBe(true);
    expect(promptFilledWindow(usage(2051, 4096))).toBe(true);
    expect(promptFilledWindow(usage(16_386, 32_768))).toBe(true);
    expect(promptFilledWindow(usage(2049, 4096))).toBe(false);
    expect(promptFilledWindow(usage(2052, 4096))).toBe(false);
  });

  it('adds truncated: true to the usage figures only then, with the numbers already in them', () => {
    expect(usageFigures(usage(8192, 8192), 9000)).toEqual(
      expect.objectContaining({ truncated: true, promptTokens: 8192, contextTokens: 8192 }),
    );
    expect(usageFigures(usage(300, 8192), 300)).not.toHaveProperty('truncated');
  });
});
