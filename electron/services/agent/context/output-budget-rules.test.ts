import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { capText, createOutputBudget, cutMarker, perToolLimit, turnBudgetChars } from './output-budget';

/** The text as head + marker + tail, checked against the original: returns the head and tail lengths and the count the marker names. */
function parts(original: string, capped: string): { head: number; tail: number; cut: number } {
  const match = /^([\s\S]*)\n\[… ([\d,]+) characters cut …\]\n([\s\S]*)$/.exec(capped);
  if (!match) throw new Error(`no marker in ${capped}`);
  const [, head = '', cut = '', tail = ''] = match;
  expect(original.startsWith(head)).toBe(true);
  expect(original.endsWith(tail)).toBe(true);
  return { head: head.length, tail: tail.length, cut: Number(cut.replaceAll(',', '')) };
}

describe('capText', () => {
  it('leaves text of up to the limit alone, and cuts one character more', () => {
    expect(capText('x'.repeat(50), 50)).toEqual({ text: 'x'.repeat(50), truncated: false });
    expect(capText('x'.repeat(51), 50).truncated).toBe(true);
  });

  it('fills the limit exactly, keeps 60 % head and 40 % tail, and names exactly what it cut', () => {
    const text = Array.from({ length: 30_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    for (const limit of [60, 100, 999, 1000, 2000, 5000, 12_345]) {
      for (const length of [limit + 1, limit + 9, limit * 2 + 1, 30_000]) {
        const original = text.slice(0, Math.min(length, 30_000));
        if (original.length <= limit) continue;
        const capped = capText(original, limit);
        expect(capped.truncated).toBe(true);
        expect(capped.text.length, `${limit}/${original.length}`).toBe(limit);
        const { head, tail, cut } = parts(original, capped.text);
        expect(cut, `${limit}/${original.length}`).toBe(original.length - head - tail);
        expect(head, `${limit}/${original.length}`).toBe(Math.ceil((head + tail) * 0.6));
        expect(tail).toBeGreaterThan(0);
      }
    }
  });

  it('keeps only the marker when the limit is too small for any text', () => {
    expect(capText('x'.repeat(100), 5)).toEqual({ text: `\n${cutMarker(100)}\n`, truncated: true });
  });

  it('writes the count with thousands separators', () => {
    expect(cutMarker(7)).toBe('[… 7 characters cut …]');
    expect(cutMarker(1_234_567)).toBe('[… 1,234,567 characters cut …]');
  });
});

describe('the budget of a turn', () => {
  it('gives each tool its own limit, 2,000 characters by default', () => {
    expect(perToolLimit('list_directory')).toBe(5000);
    expect(perToolLimit('delegate_task')).toBe(5000);
    expect(perToolLimit('read_file')).toBe(2000);
  });

  it('holds each result to the smaller of its tool’s limit and what is left, never below the floor, and charges what it keeps', () => {
    const big = 'x'.repeat(10_000);
    const budget = createOutputBudget(6000);
    expect(budget.remaining()).toBe(6000);
    expect(budget.cap('read_file', 'abc')).toEqual({ text: 'abc', truncated: false });
    expect(budget.remaining()).toBe(5997);
    expect(budget.cap('list_directory', big).text).toHaveLength(5000);
    expect(budget.remaining()).toBe(997);
    expect(budget.cap('read_file', big).text).toHaveLength(997);
    expect(budget.remaining()).toBe(0);
    expect(budget.cap('read_file', big).text).toHaveLength(DEFAULTS.agent.minToolOutputChars);
    expect(budget.remaining()).toBe(0);
  });

  it('doubles the budget from the large-context threshold on', () => {
    expect(turnBudgetChars(6000, DEFAULTS.largeContextTokens)).toBe(6000 * DEFAULTS.agent.largeContextBudgetFactor);
    expect(turnBudgetChars(6000, DEFAULTS.largeContextTokens * 4)).toBe(12_000);
    expect(turnBudgetChars(6000, DEFAULTS.largeContextTokens - 1)).toBe(6000);
  });
});
