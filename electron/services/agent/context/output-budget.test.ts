import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { capText, createOutputBudget, cutMarker, turnBudgetChars } from './output-budget';

describe('output budget', () => {
  it('leaves short text alone', () => {
    expect(capText('short', 100)).toEqual({ text: 'short', truncated: false });
  });

  it('keeps head and tail within the limit with a marker saying how much was cut', () => {
    const text = `${'a'.repeat(5000)}${'z'.repeat(5000)}`;
    const capped = capText(text, 1000);
    expect(capped.truncated).toBe(true);
    expect(capped.text.length).toBeLessThanOrEqual(1000);
    expect(capped.text.startsWith('aaa')).toBe(true);
    expect(capped.text.endsWith('zzz')).toBe(true);
    const kept = capped.text.replace(/\n\[… [\d,]+ characters cut …\]\n/, '');
    expect(capped.text).toContain(`\n${cutMarker(text.length - kept.length)}\n`);
    expect(capped.text.length).toBe(1000);
    expect(cutMarker(12345)).toBe('[… 12,345 characters cut …]');
  });

  it('uses per-tool limits (list_directory 5000, others 2000) and a shrinking turn budget with a floor', () => {
    const budget = createOutputBudget(6000);
    const big = 'x'.repeat(10_000);
    expect(budget.cap('list_directory', big).text.length).toBeLessThanOrEqual(5000);
    expect(budget.cap('read_file', big).text.length).toBeLessThanOrEqual(1000);
    expect(budget.remaining()).toBe(0);
    expect(budget.cap('read_file', big).text.length).toBeLessThanOrEqual(400);
  });

  it('is larger for models with a large context', () => {
    expect(turnBudgetChars(6000, DEFAULTS.largeContextTokens)).toBeGreaterThan(6000);
    expect(turnBudgetChars(6000, 8192)).toBe(6000);
    expect(turnBudgetChars(6000, null)).toBe(6000);
  });
});
