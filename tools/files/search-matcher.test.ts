import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../shared/constants';
import { createFileMatcher, wildcardMatch } from './search-matcher';

describe('wildcardMatch', () => {
  it('matches * and ? like a glob over the whole name, case-insensitively', () => {
    expect(wildcardMatch('*.md', 'README.MD').matched).toBe(true);
    expect(wildcardMatch('test_?.py', 'test_1.py').matched).toBe(true);
    expect(wildcardMatch('test_?.py', 'test_12.py').matched).toBe(false);
    expect(wildcardMatch('a*b*c', 'aXXbYYc').matched).toBe(true);
    expect(wildcardMatch('a*b*c', 'aXXbYY').matched).toBe(false);
    expect(wildcardMatch('*', '').matched).toBe(true);
    expect(wildcardMatch('?', '').matched).toBe(false);
    expect(wildcardMatch('a.c', 'abc').matched).toBe(false);
  });

  it('takes O(n·m) steps on 40 stars and a letter against a long name (a backtracking regex never finishes)', () => {
    const pattern = `${'*'.repeat(40)}b`;
    const name = 'a'.repeat(200);
    const miss = wildcardMatch(pattern, name);
    expect(miss.matched).toBe(false);
    expect(miss.steps).toBeLessThanOrEqual((pattern.length + 1) * (name.length + 1));
    const hit = wildcardMatch(pattern, `${name}b`);
    expect(hit.matched).toBe(true);
    expect(hit.steps).toBeLessThanOrEqual((pattern.length + 1) * (name.length + 2));
  });

  it('the file matcher uses it for 40 stars and a letter, and gives the right answer', () => {
    const matcher = createFileMatcher(`${'*'.repeat(40)}x`);
    expect(matcher.matchesName('a'.repeat(60))).toBe(false);
    expect(matcher.matchesName(`${'a'.repeat(60)}X`)).toBe(true);
  });

  it('refuses a pattern longer than the cap', () => {
    expect(() => createFileMatcher('*'.repeat(DEFAULTS.tools.searchMaxPatternChars + 1))).toThrow(/longer than/);
  });
});
