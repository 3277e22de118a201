import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourcePieces } from './source-pieces';

describe('a long source in pieces', () => {
  it('keeps every character, cuts after a space in the second half of a piece, else at the size', () => {
    expect(sourcePieces('short', 10)).toEqual(['short']);
    expect(sourcePieces('aaaa bbbb cccc', 10)).toEqual(['aaaa bbbb ', 'cccc']);
    // The only space is in the first half: a cut there would leave tiny pieces, so it cuts at the size.
    expect(sourcePieces('a bbbbbbbbbbbbbbbbbbb', 10)).toEqual(['a bbbbbbbb', 'bbbbbbbbbb', 'b']);
    const text = Array.from({ length: 500 }, (_, index) => `x_${index}`).join(' & ');
    const pieces = sourcePieces(text, 100);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((piece) => piece.length <= 100)).toBe(true);
  });

  it('is laid out only when scrolled into view (the stylesheet)', () => {
    const css = readFileSync(join(__dirname, '../../../styles/markdown.css'), 'utf8');
    const rule = /\.md-math-source-piece\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/content-visibility:\s*auto/);
    expect(rule).toMatch(/contain-intrinsic-block-size:\s*auto\s/);
    expect(rule).toMatch(/display:\s*block/);
  });
});
