import { describe, expect, it } from 'vitest';
import type { FakeChatMessage, FakeChatRequest } from '../../scenario-types';
import { STORY_WORDS, conversationsReply } from './conversations';

const request = (messages: FakeChatMessage[], call = 1): FakeChatRequest => ({
  model: 'llama3.2:3b',
  messages,
  stream: true,
  tools: [],
  think: undefined,
  options: {},
  body: {},
  call,
});
const textOf = (messages: FakeChatMessage[], call = 1): string => {
  const reply = conversationsReply(request(messages, call));
  return reply.type === 'chunks' ? reply.chunks.map((chunk) => (chunk.type === 'content' ? chunk.text : '')).join('') : '';
};

describe('conversations scenario', () => {
  it('numbers its answers, so a regenerated answer differs', () => {
    const asked = [{ role: 'user', content: 'hi' }];
    expect(textOf(asked, 1)).toBe('Answer 1: you asked “hi”.');
    expect(textOf(asked, 2)).toBe('Answer 2: you asked “hi”.');
  });

  it('"files" calls list_directory once, then answers from its result', () => {
    const first = conversationsReply(request([{ role: 'user', content: 'which files?' }]));
    expect(first.type === 'chunks' && first.chunks.some((chunk) => chunk.type === 'tool-calls')).toBe(true);
    expect(
      textOf([
        { role: 'user', content: 'which files?' },
        { role: 'assistant', content: '' },
        { role: 'tool', content: 'notes.txt', tool_name: 'list_directory' },
      ]),
    ).toBe('The workspace holds: notes.txt.');
  });

  it('"save" writes note.txt, then says whether it was saved', () => {
    const first = conversationsReply(request([{ role: 'user', content: 'save a note' }]));
    expect(first.type === 'chunks' && first.chunks.find((chunk) => chunk.type === 'tool-calls')).toEqual({
      type: 'tool-calls',
      calls: [{ name: 'write_file', arguments: { path: 'note.txt', content: 'Remember the milk\n' } }],
    });
    const after = (result: string) =>
      textOf([
        { role: 'user', content: 'save a note' },
        { role: 'assistant', content: '' },
        { role: 'tool', content: result, tool_name: 'write_file' },
      ]);
    expect(after('{"written": true}')).toBe('Saved note.txt.');
    expect(after('The user denied this call.')).toBe('Nothing was saved.');
  });

  it('"story" streams many slow words', () => {
    const story = conversationsReply(request([{ role: 'user', content: 'tell me a story' }]));
    expect(story.type === 'chunks' ? [story.chunks.length, story.delayMs > 0] : null).toEqual([STORY_WORDS, true]);
  });
});
