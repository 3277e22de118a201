import type { Element, ElementContent, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import type { createLowlight } from 'lowlight';
import { visit } from 'unist-util-visit';

type Lowlight = ReturnType<typeof createLowlight>;

/**
 * Highlights `<pre><code class="language-x">` like rehype-highlight with `detect: false`: only
 * code that names a known language is highlighted, never guessed (a guess can change as text
 * grows). Needs no DOM (the markdown worker uses it too).
 */
export function highlightTree(tree: Root, lowlight: Lowlight): void {
  visit(tree, 'element', (node: Element, _index, parent) => {
    if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
    const language = languageOf(node);
    if (!language || !lowlight.registered(language)) return;
    const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
    node.properties.className = classes.includes('hljs') ? classes : ['hljs', ...classes];
    const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
    if (result.children.length > 0) node.children = result.children as ElementContent[];
  });
}

function languageOf(node: Element): string | null {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return null;
  for (const value of classes) {
    const name = String(value);
    if (name === 'no-highlight' || name === 'nohighlight') return null;
    if (name.startsWith('lang-')) return name.slice(5);
    if (name.startsWith('language-')) return name.slice(9);
  }
  return null;
}
