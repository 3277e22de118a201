import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/events';
import { createCliOutput } from './cli-output';

const run = { runId: 'r1', conversationId: 'c1' };

function show(events: TacoEvent[]): string {
  let stderr = '';
  const output = createCliOutput({ json: false, stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } });
  output.events(events);
  return stderr;
}

describe('CLI output: tool selection and truncation', () => {
  it('says how many tools were offered when they were narrowed, nothing otherwise', () => {
    expect(show([{ ...run, type: 'tools-offered', offered: ['a', 'b'], total: 150, narrowed: true, ranker: 'lexical' }])).toContain(
      'Offered 2 of 150 tools (ranked by keywords).',
    );
    expect(show([{ ...run, type: 'tools-offered', offered: ['a', 'b'], total: 2, narrowed: false, ranker: 'lexical' }])).toBe('');
  });

  it('warns with the numbers and what to do when the prompt filled the window', () => {
    const text = show([
      {
        ...run,
        type: 'usage',
        promptTokens: 4096,
        completionTokens: 3,
        tokensPerSecond: 20,
        contextTokens: 4096,
        contextTruncated: false,
        truncated: true,
      },
    ]);
    expect(text).toContain('Ollama kept 4096 tokens in a 4096-token window');
    expect(text).toContain('Raise the context in Conversation options, or use fewer tools.');
  });
});
