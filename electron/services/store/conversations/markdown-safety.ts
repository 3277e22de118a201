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

/** Text for inside HTML (a `<summary>`): every markup character escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** One line of plain text for a heading or a list item: no markup, no line breaks. */
export function plainLine(text: string): string {
  return escapeHtml(text.replace(/\s+/g, ' ').trim()).replace(/([\\`*_[\]#|!])/g, '\\$1');
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Markdown written by the model or the user, kept as Markdown (it is meant to be read that way)
 * but made inert: raw HTML tags are escaped and links to javascript:, vbscript:, file: and data:
 * are defused — outside code, where they are text already.
 */
export function safeMarkdown(markdown: string): string {
  const lines = normalizeNewlines(markdown).split('\n');
  let fence: { char: string; length: number } | null = null;
  return lines
    .map((line) => {
      if (fence) {
        const close = FENCE_OPEN.exec(line);
        if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length && line.slice(close[0].length).trim() === '')
          fence = null;
        return line;
      }
      const open = FENCE_OPEN.exec(line);
      if (open?.[1] && !(open[1][0] === '`' && line.slice(open[0].length).includes('`'))) {
        fence = { char: open[1][0] ?? '`', length: open[1].length };
        return line;
      }
      return outsideInlineCode(line, defuse);
    })
    .join('\n');
}

/** Applies `transform` to the parts of a line that are not inside an inline code span. */
function outsideInlineCode(line: string, transform: (text: string) => string): string {
  let out = '';
  let index = 0;
  while (index < line.length) {
    const tick = line.indexOf('`', index);
    if (tick === -1) {
      out += transform(line.slice(index));
      break;
    }
    out += transform(line.slice(index, tick));
    let runEnd = tick;
    while (line[runEnd] === '`') runEnd += 1;
    const length = runEnd - tick;
    const close = findRun(line, runEnd, length);
    if (close === -1) {
      out += line.slice(tick, runEnd);
      index = runEnd;
    } else {
      out += line.slice(tick, close + length);
      index = close + length;
    }
  }
  return out;
}

/** Where the next run of exactly `length` backticks starts, or -1. */
function findRun(line: string, from: number, length: number): number {
  for (const match of line.slice(from).matchAll(/`+/g)) if (match[0].length === length) return from + (match.index ?? 0);
  return -1;
}

function defuse(text: string): string {
  return text
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;')
    .replace(/(\]\(\s*)(javascript|vbscript|file|data):/gi, '$1blocked-$2:')
    .replace(/^(\s*\[[^\]]*\]:\s*)(javascript|vbscript|file|data):/gi, '$1blocked-$2:');
}

function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
