/**
 * The text-only half of markdown-safety.ts: fences, inline code and escapes that need no Markdown
 * parser, so what uses only these (the ChatGPT import) does not load remark with main.
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

export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
