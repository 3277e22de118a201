import type { Element, ElementContent, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';
import { highlighter } from './shared-highlighter';

/**
 * Highlights `<pre><code class="language-x">` with the shared highlighter, like rehype-highlight
 * with `detect: false`: only code that names a known language is highlighted, never guessed (a
 * guess can change as text grows). Does nothing until the highlighter is loaded.
 */
export function rehypeHighlightCode() {
  return (tree: Root): void => {
    const lowlight = highlighter();
    if (!lowlight) return;
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
      const language = languageOf(node);
      if (!language || !lowlight.registered(language)) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      node.properties.className = classes.includes('hljs') ? classes : ['hljs', ...classes];
      const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
      if (result.children.length > 0) node.children = result.children as ElementContent[];
    });
  };
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
