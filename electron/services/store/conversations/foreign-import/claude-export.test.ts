import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../../../shared/contract/contract-error';
import { looksLikeClaude, readClaudeExport } from './claude-export';

const NOW = 1_000;

describe('telling Claude’s export apart', () => {
  it('a non-empty list whose first entry is an object with chat_messages, and nothing else', () => {
    expect(looksLikeClaude([{ chat_messages: [] }])).toBe(true);
    for (const value of [[], [null], ['chat_messages'], [7], { chat_messages: [] }, [{ mapping: {} }], null, 'x'])
      expect(looksLikeClaude(value), JSON.stringify(value)).toBe(false);
  });
});

describe('reading Claude’s messages', () => {
  it('keeps the human’s and the assistant’s words only, skips blank ones, and times each message', () => {
    const [conversation] = readClaudeExport(
      [
        {
          name: 'N',
          created_at: '2025-01-03T09:00:00Z',
          chat_messages: [
            { sender: 'human', text: 'q', created_at: '2025-01-03T09:01:00Z' },
            { sender: 'system', text: 'not a turn' },
            { sender: 'assistant', text: ' \n\t ' },
            { sender: 'assistant', text: 'a' },
          ],
        },
      ],
      NOW,
    );
    expect(conversation?.turns).toEqual([
      { role: 'user', text: 'q', at: Date.parse('2025-01-03T09:01:00Z') },
      { role: 'assistant', text: 'a', thinking: '', model: 'Claude', at: Date.parse('2025-01-03T09:00:00Z') },
    ]);
    expect(conversation?.createdAt).toBe(Date.parse('2025-01-03T09:00:00Z'));
    expect(readClaudeExport([{ chat_messages: [{ sender: 'human', text: 'q' }] }], NOW)[0]?.turns[0]?.at).toBe(NOW);
  });

  it('text blocks joined by a blank line win over the text field; thinking blocks (or their text) joined likewise', () => {
    const [conversation] = readClaudeExport(
      [
        {
          chat_messages: [
            {
              sender: 'assistant',
              text: 'old field',
              content: [
                { type: 'thinking', thinking: 'first' },
                { type: 'text', text: 'one' },
                { type: 'tool_use', text: 'a tool’s input' },
                { type: 'text' },
                { type: 'thinking', text: 'second' },
                { type: 'text', text: 'two' },
              ],
              attachments: [{}, {}],
              files: [{}],
            },
            { sender: 'assistant', text: 'only the field', content: [{ type: 'tool_result', text: 'out' }] },
          ],
        },
      ],
      NOW,
    );
    expect(conversation?.turns.map((turn) => [turn.text, turn.role === 'assistant' ? turn.thinking : null])).toEqual([
      ['one\n\ntwo', 'first\n\nsecond'],
      ['only the field', ''],
    ]);
    // The tool use, the tool result, two attachments and a file were left out.
    expect(conversation?.skipped).toBe(5);
  });

  it('a message with neither text nor blocks is blank and skipped; a conversation without a name gets the fallback title', () => {
    const [conversation] = readClaudeExport(
      [{ chat_messages: [{ sender: 'human' }, { sender: 'human', content: null, text: null }] }],
      NOW,
    );
    expect(conversation?.turns).toEqual([]);
    expect(conversation?.title).toBe('Imported from Claude');
  });
});

describe('a block not in Claude’s shape is refused, naming where', () => {
  it('a block without a type, or with thinking that is not text', () => {
    for (const [block, path] of [
      [{ text: 'no type' }, 'chat_messages.0.content.0.type'],
      [{ type: 'thinking', thinking: 5 }, 'chat_messages.0.content.0.thinking'],
      [{ type: 'text', text: ['not', 'text'] }, 'chat_messages.0.content.0.text'],
    ] as const) {
      const read = (): unknown => readClaudeExport([{ chat_messages: [{ sender: 'assistant', content: [block] }] }], NOW);
      expect(read).toThrow(ContractError);
      expect(read).toThrow(`conversation 1 is not in Claude's format ("${path}"`);
    }
  });
});
