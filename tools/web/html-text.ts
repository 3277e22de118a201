import { parse } from 'node-html-parser';

const DROPPED = 'script, style, noscript, template, svg, iframe, object, embed, canvas';

/** The readable text of an HTML page: scripts, styles and other non-text parts dropped. */
export function htmlToText(html: string): { title: string; text: string } {
  const root = parse(html, { comment: false });
  const title = root.querySelector('title')?.text.trim() ?? '';
  for (const element of root.querySelectorAll(DROPPED)) element.remove();
  root.querySelector('head')?.remove();
  return { title: collapse(title), text: tidy(root.structuredText) };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One space between words, no blank runs of lines. */
export function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
