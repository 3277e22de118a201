import { micromark } from 'micromark';
import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { conversationToMarkdown } from './conversation-markdown';
import { safeMarkdown } from './markdown-safety';
import { HOSTILE } from '../../testing/hostile-markdown';

const SAFE_ELEMENTS = new Set([
  'p',
  'a',
  'img',
  'code',
  'pre',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'input',
  'sup',
  'section',
]);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The scheme a browser would see: entities decoded, tabs/newlines/controls removed, lower case; null when relative. */
function schemeOf(url: string): string | null {
  const cleaned = decodeEntities(url).replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = cleaned.indexOf(':');
  if (colon === -1) return null;
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return null;
  return cleaned.slice(0, colon).toLowerCase();
}

/**
 * Every problem a browser showing `markdown` would have, rendered by a viewer that trusts it:
 * raw HTML allowed and no URL sanitising of its own (micromark would otherwise hide bad links).
 */
function render(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, allowDangerousProtocol: true });
}

function problems(markdown: string): string[] {
  const html = render(markdown);
  const root = parse(`<body>${html}</body>`, { comment: true });
  const found: string[] = [];
  if (/<!--/.test(html)) found.push('an HTML comment');
  for (const element of root.querySelectorAll('*') as HTMLElement[]) {
    const tag = element.rawTagName.toLowerCase();
    if (tag === 'body') continue;
    if (!SAFE_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    for (const [name, value] of Object.entries(element.rawAttributes)) {
      if (/^on/i.test(name)) found.push(`${tag} ${name}=`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'].includes(name.toLowerCase())) {
        const scheme = schemeOf(value);
        if (scheme !== null && !SAFE_SCHEMES.has(scheme)) found.push(`${tag} ${name}=${scheme}:`);
      }
    }
  }
  return found;
}

describe('Exported Markdown is inert (rendered by micromark with raw HTML and any protocol allowed)', () => {
  it('the checker itself sees the attacks in the raw corpus', () => {
    const raw = problems(HOSTILE.join('\n\n'));
    expect(raw).toEqual(expect.arrayContaining(['img onerror=', '<script>', 'a href=javascript:']));
  });

  for (const [index, sample] of HOSTILE.entries()) {
    it(`sample ${index + 1}: ${JSON.stringify(sample).slice(0, 60)}`, () => {
      expect(problems(safeMarkdown(sample))).toEqual([]);
    });
  }

  it('the whole corpus as one message, and the text stays readable', () => {
    // The unclosed fence goes last: it rightly turns everything after it into code.
    const fence = HOSTILE.filter((sample) => sample.startsWith('```'));
    const safe = safeMarkdown([...HOSTILE.filter((sample) => !sample.startsWith('```')), ...fence].join('\n\n'));
    expect(problems(safe)).toEqual([]);
    const html = render(safe);
    expect(html).toContain('<a href="https://ok.example" title="title">fine</a>');
    expect(html).toContain('<a href="docs/a.md">rel</a>');
    expect(html).toContain('<img src="https://ok.example/x.png" alt="ok" />');
    expect(html).toContain('&lt;img src=x onerror=alert(3)&gt;');
  });

  it('a whole exported conversation with hostile text everywhere', () => {
    const c = 'c1';
    const r = { runId: 'r1', conversationId: c };
    const hostile = HOSTILE.join('\n\n');
    const events: TacoEvent[] = [
      { type: 'user-message', conversationId: c, messageId: 'm1', text: hostile, at: 1 },
      { ...r, type: 'run-start', model: 'm<img src=x onerror=alert(1)>', goal: 'g', startedAt: 2 },
      { ...r, type: 'text-delta', text: hostile },
      { ...r, type: 'question', questionId: 'q1', callId: 'k0', question: hostile },
      { ...r, type: 'question-answered', questionId: 'q1', answer: hostile },
      {
        ...r,
        type: 'tool-call',
        callId: 'k1',
        tool: 'x<img src=x onerror=alert(1)>',
        toolType: null,
        args: { a: hostile },
        frameId: null,
        at: 3,
      },
      { ...r, type: 'tool-error', callId: 'k1', tool: 'x', error: hostile, durationMs: 1 },
      { type: 'command-output', conversationId: c, command: 'x`\n\n<img src=x onerror=alert(30)>', output: hostile, at: 4 },
      { ...r, type: 'run-finish', reason: 'complete', message: hostile, error: hostile, at: 5 },
    ];
    const markdown = conversationToMarkdown({
      summary: { conversationId: c, title: 'T <img src=x onerror=alert(1)>', model: null, createdAt: 0, updatedAt: 0, pinned: false },
      events,
    });
    expect(problems(markdown), markdown).toEqual([]);
  });
});
