import katex, { type KatexOptions } from 'katex';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Element, ElementContent, Parent, Root } from 'hast';
import { DEFAULTS } from '../../../../../shared/constants';
import { BoundedCache } from '../bounded-cache';
import { checkFormula } from './formula-caps';
import { sourcePieces } from './source-pieces';

export type MathOptions = Omit<KatexOptions, 'displayMode' | 'throwOnError'>;

/** Typeset formulas per mode and source: the same formula in another block is not typeset again. */
const typeset = new BoundedCache<string, readonly ElementContent[]>(DEFAULTS.rendererMath.cacheEntries);

function classesOf(element: Element): unknown[] {
  return Array.isArray(element.properties.className) ? element.properties.className : [];
}

/** A `$$…$$` alone in its paragraph is display maths (centred, full size), as the writer meant. */
function aloneInParagraph(parent: Parent, element: Element): boolean {
  if (parent.type !== 'element' || (parent as Element).tagName !== 'p') return false;
  return parent.children.every((child) => child === element || (child.type === 'text' && child.value.trim() === ''));
}

/**
 * A display source's text: in pieces (blocks laid out only when scrolled into view in its bounded
 * box) when it is longer than one piece, so a long refused source costs a piece's layout, not all of it.
 */
function sourceChildren(value: string, display: boolean): ElementContent[] {
  const max = DEFAULTS.rendererMath.sourcePieceChars;
  if (!display || value.length <= max) return [{ type: 'text', value }];
  return sourcePieces(value, max).map((piece) => ({
    type: 'element',
    tagName: 'span',
    properties: { className: ['md-math-source-piece'] },
    children: [{ type: 'text', value: piece }],
  }));
}

/** The formula as it was written, as code: what shows over a cap. */
function asSource(value: string, display: boolean, title: string): Element {
  return {
    type: 'element',
    tagName: 'code',
    properties: {
      className: ['md-math-source', display ? 'md-math-display' : 'md-math-inline'],
      title,
      dataState: 'refused',
      // A display source is a box that scrolls when long: reachable by keyboard.
      ...(display ? { tabIndex: 0 } : {}),
    },
    children: sourceChildren(value, display),
  };
}

function render(value: string, display: boolean, options: MathOptions): readonly ElementContent[] {
  const key = `${display ? 'D' : 'I'}\u0000${value}`;
  const cached = typeset.get(key);
  if (cached) return cached;
  let html: string;
  try {
    html = katex.renderToString(value, { ...options, displayMode: display, throwOnError: false, strict: 'ignore' });
  } catch (error) {
    // KaTeX reports parse errors in red itself; anything else shows the source with the reason.
    return [asSource(value, display, error instanceof Error ? error.message : String(error))];
  }
  // parse5, not the DOM: this runs in the markdown worker, which has none.
  const children = fromHtml(html, { fragment: true }).children as ElementContent[];
  typeset.set(key, children);
  return children;
}

/**
 * rehype-katex, bounded: each `$$…$$` is checked against the caps (formula-caps.ts) before KaTeX
 * sees it and typeset once per source (cached). Over a cap the formula shows as its source in
 * code. Runs in the markdown worker (`../worker/`), off the window's main thread.
 */
export function rehypeMathBounded(options: MathOptions) {
  const formula = (value: string, display: boolean): readonly ElementContent[] => {
    const check = checkFormula(value);
    // A source too long to typeset is too long to sit in a line of text: it gets its own bounded box.
    if (!check.ok)
      return [asSource(value, display || value.length > DEFAULTS.rendererMath.maxFormulaChars, `Not typeset: ${check.reason}.`)];
    return render(value, display, options).map((node) => structuredClone(node));
  };
  const transform = (parent: Parent): void => {
    const children: ElementContent[] = [];
    for (const child of parent.children as ElementContent[]) {
      if (child.type !== 'element') {
        children.push(child);
        continue;
      }
      // $$ on their own lines (and ```math): <pre><code class="language-math math-display">.
      const code = child.tagName === 'pre' ? child.children.find((node): node is Element => node.type === 'element') : undefined;
      if (code && classesOf(code).includes('language-math')) {
        children.push(...formula(toText(code, { whitespace: 'pre' }), true));
        continue;
      }
      const classes = classesOf(child);
      if (classes.includes('math-inline') || classes.includes('math-display') || classes.includes('language-math')) {
        const display = classes.includes('math-display') || aloneInParagraph(parent, child);
        children.push(...formula(toText(child, { whitespace: 'pre' }), display));
        continue;
      }
      transform(child);
      children.push(child);
    }
    parent.children = children;
  };
  return (tree: Root): undefined => {
    transform(tree);
  };
}
