import type { Root as HastRoot } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { sanitizeMarkdownTree } from '../markdown/sanitize-markdown-tree';
import { hastToHtml } from './hast-to-html';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize);

/**
 * Markdown from the model or the user as inert HTML, by the rules the window and the Markdown
 * export follow: GitHub-flavoured Markdown parsed, raw HTML kept as text, unsafe link and image
 * URLs dropped (sanitize-markdown-tree.ts), then rehype-sanitize's default schema, then written by
 * an allow-list (hast-to-html.ts) that loads no image.
 */
export function markdownToHtml(markdown: string): string {
  const tree = processor.parse(markdown.replace(/\r\n?/g, '\n'));
  sanitizeMarkdownTree(tree);
  return hastToHtml(processor.runSync(tree) as HastRoot);
}
