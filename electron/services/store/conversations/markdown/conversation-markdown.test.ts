import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../../shared/conversations/conversation';
import { conversationToMarkdown } from './conversation-markdown';
import { fenceFor, fenced, safeMarkdown } from './markdown-safety';
import { finishInterruptedRuns } from '../../timeline/run-state';
import { richConversation } from '../../testing/rich-conversation';

const summary: ConversationSummary = {
  conversationId: 'c',
  title: 'Chores <img src=x onerror=alert(1)>',
  model: 'qwen3:4b',
  createdAt: Date.UTC(2025, 0, 2),
  updatedAt: 0,
  pinned: false,
};
const events = richConversation('c');
const finished = finishInterruptedRuns(
  events,
  events.map(() => 30),
  { isLive: () => false, abandoned: new Set() },
).events;
const markdown = conversationToMarkdown({ summary, events: finished });

describe('Markdown export', () => {
  it('has the title, the facts and each message in order', () => {
    expect(
      markdown.startsWith(
        '# Chores &lt;img src=x onerror=alert(1)&gt;\n\n_Model: qwen3:4b · Started: 2025-01-02T00:00:00.000Z · Exported from TACO_',
      ),
    ).toBe(true);
    const order = [
      '## You',
      'I will write the file.',
      'Tool: Write File',
      'TACO asked:',
      'You answered:',
      'Tool: No Such Tool',
      'Done: the file has **red** chores.',
      '**Command**',
      'Edited question',
      'Cut off mid',
    ];
    const positions = order.map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('leaves out what an edit withdrew', () => {
    expect(markdown).not.toContain('Withdrawn');
  });

  it('shows tool calls as details sections with arguments and results in fences nothing inside can close', () => {
    const section = markdown.slice(
      markdown.indexOf('<details>\n<summary>Tool: Write File'),
      markdown.indexOf('</details>', markdown.indexOf('Tool: Write File')),
    );
    expect(section).toContain('<summary>Tool: Write File <code>write_file</code></summary>');
    expect(section).toContain('`````json\n{\n  "path": "notes.txt",');
    expect(section).toContain('- Approval asked (write).\n- Approval: allowed once.');
    expect(section).toContain('**Result**:\n\n```text\nWrote 2 lines to notes.txt\n```');
    expect(markdown).toContain('**Error**:\n\n```text\nUnknown tool\n```');
  });

  it('collapses thinking and says every stop in words', () => {
    expect(markdown).toContain('<details>\n<summary>Thinking</summary>\n\n````text\nThe user wants ``` a file.\n````\n\n</details>');
    expect(markdown).toContain('> **Stopped** (max iterations): Stopped after 10 tool rounds. Continue with the task?');
    expect(markdown).toContain('> **Stopped** (interrupted): Interrupted: TACO closed before this answer finished.');
  });

  it('keeps untrusted markup inert: raw HTML escaped, dangerous links dropped (their words kept), code left as code', () => {
    expect(markdown).toContain('Write `notes.txt` with \\<b>bold\\</b> chores');
    expect(markdown).toContain('Done: the file has **red** chores. x');
    expect(markdown).not.toContain('javascript:alert(1))');
    const outsideFences = markdown.replace(/(`{3,})[a-z]*\n[\s\S]*?\n\1/g, '');
    expect(markdown).toContain('<script>alert(1)</script>"\n}\n`````');
    // Escaped (\<b>) is text; an unescaped tag outside code would be markup.
    expect(outsideFences.replace(/<\/?(details|summary|code)>/g, '')).not.toMatch(/(?<!\\)<(script|b>|img)|\]\(javascript:/);
  });
});

describe('Markdown safety', () => {
  it('picks a fence longer than any backtick run inside', () => {
    expect(fenceFor('plain')).toBe('```');
    expect(fenceFor('a ``` b ```` c')).toBe('`````');
    expect(fenced('x\r\ny', 'text')).toBe('```text\nx\ny\n```');
  });

  it('escapes tags outside code only, drops unsafe URLs, and leaves code as code', () => {
    const input = [
      '<script>alert(1)</script> and `<b>kept</b>` and a < b',
      '```html',
      '<div>code</div>',
      '```',
      '',
      '<iframe src="x">',
      '',
      '[ref]: javascript:alert(1)',
      '',
      '![i](data:text/html,hi)',
    ].join('\n');
    const safe = safeMarkdown(input);
    // A line that starts with <script> is an HTML block (the whole line, as CommonMark viewers read it): all text now.
    expect(safe).toContain('\\<script>alert(1)\\</script> and \\`\\<b>kept\\</b>\\` and a < b');
    expect(safe).toContain('```html\n<div>code</div>\n```');
    expect(safe).toContain('\\<iframe src="x">');
    expect(safe).toContain('[image: i]');
    expect(safe).not.toMatch(/javascript:|data:/);
    expect(safeMarkdown('a `<b>kept</b>` and **bold** b')).toBe('a `<b>kept</b>` and **bold** b');
  });
});
