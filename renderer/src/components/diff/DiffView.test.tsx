import { render, screen } from '@testing-library/react';
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { DiffView } from './DiffView';
import { parseUnifiedDiff } from './parse-unified-diff';
import { wordHighlights } from './word-highlights';

/** The diff main sends (electron/services/documents/undo/undo-change.ts and write_file's preview use createTwoFilesPatch). */
const patch = (before: string, after: string, path = 'hello.txt') => createTwoFilesPatch(path, path, before, after);

const rows = () =>
  screen.getAllByTestId('diff-line').map((line) => {
    const [oldNumber, newNumber, sign, text] = [...line.children].map((cell) => cell.textContent);
    return `${oldNumber}|${newNumber}|${sign}|${text}`;
  });

describe('DiffView', () => {
  it('drops the patch headers and shows each line with its old and new numbers', () => {
    render(<DiffView diff={`Index: hello.txt\n${'='.repeat(67)}\n${patch('one\ntwo\nthree\n', 'one\n2\nthree\nfour\n')}`} />);
    const view = screen.getByTestId('diff-preview');
    for (const header of ['Index:', '====', '--- ', '+++ ', '@@']) expect(view.textContent).not.toContain(header);
    expect(rows()).toEqual(['1|1| |one', '2||-|two', '|2|+|2', '3|3| |three', '|4|+|four']);
  });

  it('a new file has no old numbers and no /dev/null header', () => {
    render(<DiffView diff={createTwoFilesPatch('/dev/null', 'new.txt', '', 'Hello from TACO\n')} />);
    expect(screen.getByTestId('diff-preview').textContent).not.toContain('/dev/null');
    expect(rows()).toEqual(['|1|+|Hello from TACO']);
  });

  it('marks the words that changed in a changed line, and only those', () => {
    render(<DiffView diff={patch('Buy milk and eggs\n', 'Buy oat milk and bread\n')} />);
    const words = screen
      .getAllByTestId('diff-word')
      .map((word) => [word.closest('[data-kind]')?.getAttribute('data-kind'), word.textContent]);
    expect(words).toEqual([
      ['del', 'eggs'],
      ['add', 'oat '],
      ['add', 'bread'],
    ]);
    expect(rows()).toEqual(['1||-|Buy milk and eggs', '|1|+|Buy oat milk and bread']);
  });

  it('says "No differences" when both sides are the same', () => {
    render(<DiffView diff={`Index: hello.txt\n${'='.repeat(67)}\n${patch('same\n', 'same\n')}`} />);
    expect(screen.getByTestId('diff-preview').textContent).toBe('No differences: both sides are the same.');
    expect(screen.queryAllByTestId('diff-line')).toEqual([]);
  });

  it('shows a note from main that is not a diff as it is', () => {
    render(<DiffView diff="One of these versions was not kept (too large)." />);
    expect(screen.getByTestId('diff-preview').dataset.kind).toBe('message');
    expect(screen.getByTestId('diff-preview').textContent).toBe('One of these versions was not kept (too large).');
  });

  it('reveals hidden characters inside changed words', () => {
    render(<DiffView diff={patch('safe code\n', 'safe\u200Bcode\u2067\n')} />);
    expect(screen.getByTestId('diff-preview').textContent).toContain('+safe⟦U+200B⟧code⟦U+2067⟧');
  });
});

describe('word highlights stay bounded', () => {
  const hunkOf = (diff: string) => {
    const parsed = parseUnifiedDiff(diff);
    if (parsed.type !== 'changes') throw new Error('no changes');
    return parsed.hunks[0] ?? [];
  };

  it('compares no pair with a line over the length limit, and stops after the pair limit', () => {
    const long = 'word '.repeat(200);
    expect(wordHighlights(hunkOf(patch(`${long}a\n`, `${long}b\n`)), { maxLineChars: 400, maxPairs: 10 }).size).toBe(0);
    const before = Array.from({ length: 50 }, (_, index) => `line ${index} old`).join('\n');
    const after = Array.from({ length: 50 }, (_, index) => `line ${index} new`).join('\n');
    const marked = wordHighlights(hunkOf(patch(`${before}\n`, `${after}\n`)), { maxLineChars: 400, maxPairs: 10 });
    expect(marked.size).toBe(20);
  });

  it('gives up a pair past the edit limit, and marks nothing once the time budget of the diff is spent', () => {
    const hunk = hunkOf(patch('keep a b c d e f g h\n', 'keep 1 2 3 4 5 6 7 8\n'));
    expect(wordHighlights(hunk, { maxLineChars: 400, maxPairs: 10 }).size).toBe(2);
    expect(wordHighlights(hunk, { maxLineChars: 400, maxPairs: 10, maxEditLength: 4 }).size).toBe(0);
    expect(wordHighlights(hunk, { maxLineChars: 400, maxPairs: 10, maxEditLength: 40 }).size).toBe(2);
    expect(wordHighlights(hunk, undefined, { pairs: 0, stopAt: performance.now() - 1 }).size).toBe(0);
  });

  it('reads only the lines it draws of a huge diff, and counts the rest', () => {
    const before = Array.from({ length: 3000 }, (_, index) => `line ${index}`).join('\n');
    const after = Array.from({ length: 3000 }, (_, index) => `line ${index} changed`).join('\n');
    const diff = patch(`${before}\n`, `${after}\n`);
    const parsed = parseUnifiedDiff(diff, 100);
    if (parsed.type !== 'changes') throw new Error('no changes');
    expect(parsed.hunks.flat()).toHaveLength(100);
    expect(parsed.unread).toBe(5900);
    render(<DiffView diff={diff} />);
    expect(screen.getAllByTestId('diff-line')).toHaveLength(DEFAULTS.rendererDiff.maxLines);
    expect(screen.getByTestId('diff-more').textContent).toBe(`… ${6000 - DEFAULTS.rendererDiff.maxLines} more lines not shown`);
  });

  it('leaves lines with no word in common unmarked (a replacement, not an edit)', () => {
    expect(wordHighlights(hunkOf(patch('Hi there, old greeting\n', 'Hello from TACO\n'))).size).toBe(0);
  });
});
