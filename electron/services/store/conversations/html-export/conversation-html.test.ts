import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { finishInterruptedRuns } from '../../timeline/run-state';
import { HOSTILE } from '../../testing/hostile-markdown';
import { richConversation } from '../../testing/rich-conversation';
import { EXPORT_HTML_POLICY, conversationToHtml } from './conversation-html';

const summary: ConversationSummary = {
  conversationId: 'c',
  title: 'Chores <img src=x onerror=alert(1)>',
  model: 'qwen3:4b',
  createdAt: Date.UTC(2025, 0, 2),
  updatedAt: 0,
  pinned: false,
};

function exportOf(events: TacoEvent[], title = summary.title): { html: string; root: HTMLElement } {
  const html = conversationToHtml({ summary: { ...summary, title }, events });
  return { html, root: parse(html, { comment: true }) };
}

const rich = richConversation('c');
const finished = finishInterruptedRuns(
  rich,
  rich.map(() => 30),
  { isLive: () => false, abandoned: new Set() },
).events;

/** Everything in the page that could run, load or navigate. */
function activeParts(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.rawTagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'img', 'svg', 'math', 'form', 'link', 'base', 'video', 'audio', 'source'].includes(tag))
      found.push(`<${tag}>`);
    if (tag === 'style' && element.parentNode?.rawTagName?.toLowerCase() !== 'head') found.push('<style> outside head');
    if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh') found.push('meta refresh');
    for (const [name, value] of Object.entries(element.attributes)) {
      if (/^on/i.test(name) || name === 'style' || name === 'src' || name === 'srcset') found.push(`${tag} ${name}=`);
      if (name === 'href' && !/^(https?:|mailto:|[^:]*$)/i.test(value)) found.push(`${tag} href=${value.split(':')[0]}:`);
    }
  }
  return found;
}

describe('HTML export', () => {
  const { html, root } = exportOf(finished);

  it('is one page that loads nothing and runs nothing: a CSP meta, one inline stylesheet, no script', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(root.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe(EXPORT_HTML_POLICY);
    expect(EXPORT_HTML_POLICY).toContain("default-src 'none'");
    expect(root.querySelectorAll('style')).toHaveLength(1);
    expect(activeParts(root)).toEqual([]);
    expect(html).not.toMatch(/<script/i);
  });

  it('has the title (escaped), the facts and each message of the chosen branch in order', () => {
    expect(root.querySelector('title')?.text).toBe('Chores <img src=x onerror=alert(1)>');
    expect(root.querySelector('h1')?.innerHTML).toBe('Chores &lt;img src=x onerror=alert(1)&gt;');
    expect(root.querySelector('.facts')?.text).toBe('Model: qwen3:4b · Started: 2025-01-02T00:00:00.000Z · Exported from TACO');
    const text = root.querySelector('main')?.text ?? '';
    const order = [
      'You',
      'I will write the file.',
      'Tool: Write File',
      'TACO asked:',
      'You answered:',
      'Done: the file has red chores.',
      'Edited question',
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(
      positions.every((position) => position >= 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('Withdrawn');
  });

  it('renders the Markdown of answers and folds tool calls and thinking into details', () => {
    expect(root.querySelectorAll('.answer strong').map((strong) => strong.text)).toContain('red');
    const tool = root.querySelectorAll('details.tool').find((details) => details.querySelector('summary')?.text.includes('Write File'));
    expect(tool?.hasAttribute('open')).toBe(false);
    expect(tool?.querySelector('summary code')?.text).toBe('write_file');
    expect(tool?.querySelector('pre')?.text).toContain('"path": "notes.txt"');
    expect(tool?.text).toContain('Approval: allowed once.');
    expect(root.querySelector('details.thinking pre')?.text).toBe('The user wants ``` a file.');
  });

  it('keeps hostile text from every source inert', () => {
    const c = 'c';
    const r = { runId: 'r1', conversationId: c };
    // The unclosed fence goes last: it rightly turns everything after it into code.
    const hostile = [
      ...HOSTILE.filter((sample) => !sample.startsWith('```')),
      ...HOSTILE.filter((sample) => sample.startsWith('```')),
    ].join('\n\n');
    const events: TacoEvent[] = [
      { type: 'user-message', conversationId: c, messageId: 'm1', text: hostile, at: 1 },
      { ...r, type: 'run-start', model: 'm<img src=x onerror=alert(1)>', goal: 'g', startedAt: 2 },
      { ...r, type: 'thinking-delta', text: '</pre><script>alert(1)</script>' },
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
      { ...r, type: 'tool-error', callId: 'k1', tool: 'x', error: `</details>${hostile}`, durationMs: 1 },
      { type: 'command-output', conversationId: c, command: '<img src=x onerror=alert(30)>', output: hostile, at: 4 },
      { ...r, type: 'run-finish', reason: 'max_iterations', message: hostile, error: hostile, at: 5 },
    ];
    const { html: page, root: hostileRoot } = exportOf(events, '</title><script>alert(0)</script>');
    expect(activeParts(hostileRoot)).toEqual([]);
    expect(page).not.toMatch(/<script/i);
    // What was hostile is still there to read, as text.
    expect(hostileRoot.querySelector('title')?.text).toBe('</title><script>alert(0)</script>');
    expect(hostileRoot.querySelector('details.thinking pre')?.text).toBe('</pre><script>alert(1)</script>');
    expect(hostileRoot.querySelector('main')?.text).toContain('<img src=x onerror=alert(3)>');
    // Safe links stay links; remote images become words and load nothing.
    const links = hostileRoot.querySelectorAll('a').map((a) => [a.getAttribute('href'), a.text, a.getAttribute('rel')]);
    expect(links).toContainEqual(['https://ok.example', 'fine', 'noopener noreferrer']);
    expect(links).toContainEqual(['docs/a.md', 'rel', 'noopener noreferrer']);
    expect(hostileRoot.querySelector('main')?.text).toContain('[image: ok]');
  });
});
