import { render, waitFor } from '@testing-library/react';
import katex from 'katex';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../../shared/constants';
import { Markdown } from '../Markdown';
import { checkFormula } from './formula-caps';

/** The review's hostile formulas: an 84 KB matrix (52 s) and 400 nested \sqrt (2.8 s). */
const HUGE_MATRIX = `\\begin{matrix}${Array.from({ length: 120 }, () => Array(120).fill('x^2').join(' & ')).join(' \\\\ ')}\\end{matrix}`;
const NESTED_ROOTS = `${'\\sqrt{'.repeat(400)}x${'}'.repeat(400)}`;

/** A limit, not an expectation: KaTeX under jsdom on a loaded 2-core machine is slow. */
const SLOW = { timeout: 60_000 };

describe('formula caps', () => {
  it('refuses what froze the window, and formulas just over each cap', () => {
    expect(HUGE_MATRIX.length).toBeGreaterThan(80_000);
    expect(checkFormula(HUGE_MATRIX)).toMatchObject({ ok: false });
    expect(checkFormula(NESTED_ROOTS)).toMatchObject({ ok: false });
    const caps = DEFAULTS.rendererMath;
    const roots = (depth: number) => `${'\\sqrt{'.repeat(depth)}x${'}'.repeat(depth)}`;
    expect(checkFormula(roots(caps.maxRootFracDepth))).toEqual({ ok: true });
    expect(checkFormula(roots(caps.maxRootFracDepth + 1))).toMatchObject({ ok: false, reason: expect.stringContaining('roots') });
    const fractions = (depth: number) => `${'\\frac{1}{'.repeat(depth)}x${'}'.repeat(depth)}`;
    expect(checkFormula(fractions(caps.maxRootFracDepth))).toEqual({ ok: true });
    expect(checkFormula(fractions(caps.maxRootFracDepth + 1))).toMatchObject({ ok: false });
    const braces = (depth: number) => `${'{'.repeat(depth)}x${'}'.repeat(depth)}`;
    expect(checkFormula(braces(caps.maxBraceDepth))).toEqual({ ok: true });
    expect(checkFormula(braces(caps.maxBraceDepth + 1))).toMatchObject({ ok: false, reason: expect.stringContaining('braces') });
    const grid = (n: number) => `\\begin{matrix}${Array.from({ length: n }, () => Array(n).fill('1').join('&')).join('\\\\')}\\end{matrix}`;
    expect(checkFormula(grid(10))).toEqual({ ok: true });
    expect(checkFormula(grid(12))).toMatchObject({ ok: false, reason: expect.stringContaining('cells') });
    expect(checkFormula('x+'.repeat(caps.maxFormulaChars))).toMatchObject({ ok: false, reason: expect.stringContaining('longer') });
    expect(checkFormula('x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}')).toEqual({ ok: true });
  });
});

describe('bounded typesetting in an answer', () => {
  it('shows a formula over a cap as its source in code, and never hands it to KaTeX', async () => {
    const spy = vi.spyOn(katex, 'renderToString');
    const { container } = render(<Markdown text={`Roots:\n\n$$${NESTED_ROOTS}$$\n\nand $$${HUGE_MATRIX}$$ inline.`} streaming={false} />);
    await waitFor(() => expect(container.querySelectorAll('code.md-math-source')).toHaveLength(2), SLOW);
    const sources = [...container.querySelectorAll('code.md-math-source')];
    expect(sources.map((node) => node.getAttribute('data-state'))).toEqual(['refused', 'refused']);
    expect(sources[0]?.textContent).toBe(NESTED_ROOTS);
    expect(sources[0]?.getAttribute('title')).toMatch(/^Not typeset: /);
    expect(container.querySelector('.katex')).toBeNull();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('shows a source too long to typeset in a bounded box of its own, even inside a sentence, whole and reachable by Tab', async () => {
    const { container } = render(
      <Markdown text={`See $$${HUGE_MATRIX}$$ here, and $$\\sqrt{${'{'.repeat(20)}x${'}'.repeat(20)}}$$ too.`} streaming={false} />,
    );
    await waitFor(() => expect(container.querySelectorAll('code.md-math-source')).toHaveLength(2), SLOW);
    const [long, deep] = [...container.querySelectorAll('code.md-math-source')];
    // Over the length cap: a block (bounded and scrolled by the stylesheet), with every character kept.
    expect(long?.classList.contains('md-math-display')).toBe(true);
    expect(long?.getAttribute('tabindex')).toBe('0');
    expect(long?.textContent).toBe(HUGE_MATRIX);
    // Short but refused (too deep): it stays in its line.
    expect(deep?.classList.contains('md-math-inline')).toBe(true);
    expect(deep?.hasAttribute('tabindex')).toBe(false);
  });

  it('puts a long refused source in its box in pieces, each a frame’s worth of text layout, the text whole', async () => {
    const { container } = render(<Markdown text={`$$${HUGE_MATRIX}$$`} streaming={false} />);
    await waitFor(() => expect(container.querySelector('code.md-math-source')).not.toBeNull(), SLOW);
    const pieces = [...container.querySelectorAll('code.md-math-source > .md-math-source-piece')];
    const max = DEFAULTS.rendererMath.sourcePieceChars;
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(HUGE_MATRIX.length / max));
    expect(pieces.every((piece) => (piece.textContent ?? '').length <= max)).toBe(true);
    expect(pieces.map((piece) => piece.textContent).join('')).toBe(HUGE_MATRIX);
    // Cut after a space: no "x^2" split over two pieces.
    expect(pieces.slice(0, -1).every((piece) => piece.textContent?.endsWith(' '))).toBe(true);
  });

  it('typesets $$…$$ alone in its paragraph as display maths, and inside a sentence inline', async () => {
    const { container } = render(
      <Markdown text={'The roots are\n\n$$x = \\frac{1}{2}$$\n\nwhere $$a \\ne 0$$ holds.'} streaming={false} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2), SLOW);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelector('.katex-display annotation')?.textContent).toBe('x = \\frac{1}{2}');
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
  });

  it('typesets a formula once: shown again, it comes from the cache', async () => {
    const spy = vi.spyOn(katex, 'renderToString');
    const text = 'Cached: $$e^{i\\pi} + 1 = 0 \\quad \\text{once}$$';
    const first = render(<Markdown text={text} streaming={false} />);
    await waitFor(() => expect(first.container.querySelector('.katex')).not.toBeNull(), SLOW);
    first.unmount();
    const { container } = render(<Markdown text={text} streaming={false} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull(), SLOW);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
