import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { normalizeNewlines } from './markdown-text';
import { sanitizeMarkdownTree } from './sanitize-markdown-tree';

export { escapeHtml, fenceFor, fenced, inlineCode, plainLine } from './markdown-text';

/**
 * Helpers that keep untrusted text (model output, tool arguments and results, user text) inert
 * in an exported Markdown file, whatever viewer opens it. The ones that need no parser are in
 * markdown-text.ts (re-exported here): what imports only those does not load remark at start.
 */

/**
 * Markdown written by the model or the user, kept as Markdown (it is meant to be read that way)
 * but made inert by parsing it, not by patterns: raw HTML becomes text, and links, images and
 * link definitions whose URL is not one rehype-sanitize's default schema allows (http, https,
 * mailto, ... or relative) lose that URL. Then it is written back by remark-stringify, which
 * escapes whatever would otherwise read as markup, and closes every block it opens (an unclosed
 * fence cannot swallow the rest of the export). See sanitize-markdown-tree.ts.
 */
export function safeMarkdown(markdown: string): string {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkStringify, STRINGIFY_OPTIONS);
  const tree = processor.parse(normalizeNewlines(markdown));
  sanitizeMarkdownTree(tree);
  return processor.stringify(tree).replace(/\n+$/, '');
}

const STRINGIFY_OPTIONS = { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-' } as const;
