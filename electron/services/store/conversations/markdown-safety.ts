import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { sanitizeMarkdownTree } from './sanitize-markdown-tree';

/**
 * Helpers that keep untrusted text (model output, tool arguments and results, user text) inert
 * in an exported Markdown file, whatever viewer opens it.
 */

/** A code fence longer than any run of backticks inside the content, so the content cannot close it. */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const match of content.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** The content in a fenced code block that nothing inside can end early. */
export function fenced(content: string, language = ''): string {
  const body = normalizeNewlines(content);
  const fence = fenceFor(body);
  return `${fence}${language}\n${body}\n${fence}`;
}

/** One line of text as an inline code span nothing inside can end (line breaks become spaces). */
export function inlineCode(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let longest = 0;
  for (const match of flat.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${flat} ${fence}`;
}

/** Text for inside HTML (a `<summary>`): every markup character escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** One line of plain text for a heading or a list item: no markup, no line breaks. */
export function plainLine(text: string): string {
  return escapeHtml(text.replace(/\s+/g, ' ').trim()).replace(/([\\`*_[\]#|!])/g, '\\$1');
}

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

function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
