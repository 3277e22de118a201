import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Element, Nodes, Root } from 'hast';
import type { Block } from './knowledge-chunk';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCKS = new Set(['p', 'li', 'pre', 'blockquote', 'td', 'th', 'dt', 'dd', 'figcaption', 'caption', 'summary', 'address']);
const NEVER = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'head']);

/**
 * An HTML page's readable blocks (paragraphs, list items, preformatted text, table cells), outermost
 * first, with the source lines they span; a heading starts a section and names what follows.
 * Scripts, styles and templates are never read.
 */
export function htmlBlocks(html: string): Block[] {
  const tree = fromHtml(html);
  const blocks: Block[] = [];
  const trail: string[] = [];
  let section = 0;
  const visit = (node: Nodes): void => {
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') {
      const tag = node.tagName;
      if (NEVER.has(tag)) return;
      if (HEADINGS.has(tag)) {
        const level = Number(tag.slice(1));
        const text = clean(toText(node));
        trail.length = Math.min(trail.length, level - 1);
        while (trail.length < level - 1) trail.push('');
        trail.push(text);
        section += 1;
        push(node, text);
        return;
      }
      if (BLOCKS.has(tag)) {
        push(node, tag === 'pre' ? toText(node).trimEnd() : clean(toText(node)));
        return;
      }
    }
    for (const child of (node as Element | Root).children) visit(child as Nodes);
  };
  const push = (node: Element, text: string): void => {
    if (text === '') return;
    const start = node.position?.start.line ?? 1;
    const end = node.position?.end.line ?? start;
    const heading = trail.filter((part) => part !== '').join(' › ');
    blocks.push({ text, startLine: start, endLine: end, heading: heading === '' ? null : heading, section });
  };
  visit(tree);
  return blocks;
}

function clean(text: string): string {
  return text.replace(/[ \t\f\v\r\n]+/g, ' ').trim();
}
