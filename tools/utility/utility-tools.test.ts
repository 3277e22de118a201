import { afterAll, describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../shared/contract/json';
import { createTestToolContext } from '../catalogue/tool-test-context';
import type { ToolOutcome } from '../catalogue/tool-runtime-types';
import { BLOCKED_MATH_FUNCTIONS } from './math-worker-source';
import { createCalculate } from './calculate';
import { createCurrentTime } from './current_time';
import { createMathEvaluator } from './safe-math';

const evaluator = createMathEvaluator({ timeoutMs: 10_000, maxMemoryMb: 64, maxExpressionChars: 200, maxResultChars: 100 });
const calculate = createCalculate(evaluator);
afterAll(() => evaluator.close());

function parsed(outcome: ToolOutcome): JsonObject {
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${outcome.type}`);
  return JSON.parse(outcome.output) as JsonObject;
}

const result = async (expression: string) => parsed(await calculate({ expression }, createTestToolContext())).result;

describe('calculate', () => {
  it('evaluates arithmetic, functions, units, matrices and several statements', async () => {
    expect(await result('(12.5 * 4) / 3')).toBe('16.666666666667');
    expect(await result('sqrt(16) + 2^10')).toBe('1028');
    expect(await result('5 cm to inch')).toBe('1.9685039370079 inch');
    expect(await result('det([1, 2; 3, 4])')).toBe('-2');
    expect(await result('x = 3; y = 4; sqrt(x^2 + y^2)')).toBe('5');
    expect(await result('10!')).toBe('3628800');
  });

  it('starts every expression with an empty scope', async () => {
    await result('secret_value = 42');
    await expect(calculate({ expression: 'secret_value' }, createTestToolContext())).rejects.toThrow('Undefined symbol secret_value');
  });

  it('refuses the functions mathjs warns about', async () => {
    const attempts = [
      'import({ pi: 3 }, { override: true })',
      'createUnit("foo")',
      'evaluate("2 + 2")',
      'parse("2 + 2")',
      'compile("2 + 2")',
      'simplify("x + x")',
      'derivative("x^2", "x")',
      'resolve(parse("x"), {})',
      'config({ number: "BigNumber" })',
      'rationalize("1/x")',
      'map([1, 2], evaluate)',
    ];
    for (const expression of attempts) {
      await expect(calculate({ expression }, createTestToolContext())).rejects.toThrow(/is not available in calculate/);
    }
    expect(BLOCKED_MATH_FUNCTIONS).toEqual(
      expect.arrayContaining(['import', 'createUnit', 'evaluate', 'parse', 'simplify', 'derivative', 'resolve']),
    );
    expect(await result('pi')).toBe('3.1415926535898');
  });

  it('refuses reaching JavaScript through properties', async () => {
    await expect(calculate({ expression: 'cos.constructor("return process")()' }, createTestToolContext())).rejects.toThrow(
      /could not be calculated/,
    );
  });

  it('stops an expression that needs too much memory, then keeps working', async () => {
    await expect(calculate({ expression: 'zeros(100000, 100000)' }, createTestToolContext())).rejects.toThrow(
      /too much memory|could not be calculated/,
    );
    expect(await result('1 + 1')).toBe('2');
  });

  it('refuses empty, over-long and plain-function expressions, and cuts long results', async () => {
    await expect(calculate({ expression: ' ' }, createTestToolContext())).rejects.toThrow('The expression is empty');
    await expect(calculate({ expression: '1+'.repeat(150) + '1' }, createTestToolContext())).rejects.toThrow('calculate takes at most 200');
    await expect(calculate({ expression: 'sqrt' }, createTestToolContext())).rejects.toThrow('names a function');
    expect(String(await result('ones(1, 100)'))).toMatch(/… \(cut\)$/);
    await expect(calculate({ expression: '2 +* 3' }, createTestToolContext())).rejects.toThrow(/"2 \+\* 3" could not be calculated: /);
  });

  it('gives every expression its whole time limit however slowly the worker starts', async () => {
    // The limit's clock is faked: ten limits pass while mathjs is still loading in the worker.
    // Counted from the call, the expression would be stopped; counted from ready, it is not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const quick = createMathEvaluator({ timeoutMs: 200, maxMemoryMb: 64, maxExpressionChars: 200, maxResultChars: 100 });
    try {
      const answer = quick.evaluate('6 * 7', new AbortController().signal);
      vi.advanceTimersByTime(2_000);
      await expect(answer).resolves.toBe('42');
    } finally {
      vi.useRealTimers();
      await quick.close();
    }
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(calculate({ expression: '1 + 1' }, createTestToolContext({ signal: controller.signal }))).rejects.toThrow('cancelled');
  });

  it('stops an expression that runs too long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = createMathEvaluator({ timeoutMs: 1, maxMemoryMb: 64, maxExpressionChars: 200, maxResultChars: 100 });
    try {
      await expect(slow.evaluate('1 + 1', new AbortController().signal)).resolves.toBe('2'); // the worker is ready
      const answer = slow.evaluate('det(ones(400, 400))', new AbortController().signal);
      // The limit is armed once the ready worker takes the expression (a microtask later); it runs
      // out before the worker, busy for many milliseconds, can answer (a later macrotask).
      await Promise.resolve();
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(1);
      await expect(answer).rejects.toThrow('did not finish within 1 ms');
    } finally {
      vi.useRealTimers();
      await slow.close();
    }
  });
});

describe('current_time', () => {
  it('reports the time of the given clock in the given zone', async () => {
    const now = Date.UTC(2025, 0, 15, 13, 45, 30);
    const run = createCurrentTime(() => now, 'Europe/Paris');
    expect(parsed(await run({}, createTestToolContext()))).toEqual({
      iso: '2025-01-15T13:45:30.000Z',
      local: '2025-01-15, 14:45:30',
      timezone: 'Europe/Paris',
      weekday: 'Wednesday',
      unix_ms: now,
    });
  });
});
