import type { Element, ElementContent, Root, RootContent, Text } from 'hast';

/** "[1]" … "[999]": how the model cites a numbered passage (KNOWLEDGE_CITATIONS). */
const CITATION = /\[(\d{1,3})\]/g;
/** Elements whose text is never a citation: code stays as written, a link keeps its own text. */
const LEFT_AS_WRITTEN = new Set(['code', 'pre', 'a', 'kbd', 'samp']);

/**
 * Marks each "[n]" in an answer's text as a citation: `<sup class="md-citation" data-citation="n">[n]</sup>`.
 * Nothing else changes, and no URL is made: the window's citation component (markdown-components.tsx)
 * turns a mark into a button only when the turn used passage n, so a number the model made up stays text.
 */
export function rehypeCitations() {
  return (tree: Root): void => {
    markChildren(tree);
  };
}

function markChildren(parent: Root | Element): void {
  const next: Array<RootContent | ElementContent> = [];
  let changed = false;
  for (const child of parent.children) {
    if (child.type === 'element') {
      if (!LEFT_AS_WRITTEN.has(child.tagName)) markChildren(child);
      next.push(child);
    } else if (child.type === 'text' && child.value.includes('[')) {
      const pieces = splitCitations(child);
      if (pieces.length > 1 || pieces[0] !== child) changed = true;
      next.push(...pieces);
    } else next.push(child);
  }
  if (changed) parent.children = next as typeof parent.children;
}

function splitCitations(text: Text): Array<Text | Element> {
  const pieces: Array<Text | Element> = [];
  let last = 0;
  for (const match of text.value.matchAll(CITATION)) {
    const n = Number(match[1]);
    if (n < 1) continue;
    if (match.index > last) pieces.push({ type: 'text', value: text.value.slice(last, match.index) });
    pieces.push({
      type: 'element',
      tagName: 'sup',
      properties: { className: ['md-citation'], dataCitation: String(n) },
      children: [{ type: 'text', value: match[0] }],
    });
    last = match.index + match[0].length;
  }
  if (last === 0) return [text];
  if (last < text.value.length) pieces.push({ type: 'text', value: text.value.slice(last) });
  return pieces;
}
