import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../../shared/constants';
import type { EventOf, TacoEvent } from '../../../../../shared/contract/events';
import { ContractError } from '../../../../../shared/contract/contract-error';
import { richConversation } from '../../testing/rich-conversation';
import { conversationToJson } from '../conversation-json';
import { readImportFile } from './read-import-file';

const fixture = (name: string): string => readFileSync(new URL(`../../../../../test-support/imports/${name}`, import.meta.url), 'utf8');
const NOW = Date.UTC(2026, 0, 1);

function read(content: string) {
  let n = 0;
  return readImportFile(content, { now: NOW, newId: () => `id-${++n}` });
}

function refusal(content: string): string {
  try {
    read(content);
  } catch (error) {
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).code).toBe('invalid-payload');
    return (error as ContractError).message;
  }
  throw new Error('the file was accepted');
}

/** "you: …" and "taco(model): …" lines, as a reader would see the conversation. */
function said(events: readonly TacoEvent[]): string[] {
  const lines: string[] = [];
  let answer = -1;
  for (const event of events) {
    if (event.type === 'user-message') lines.push(`you: ${event.text}`);
    else if (event.type === 'run-start') answer = lines.push(`taco(${event.model}): `) - 1;
    else if (event.type === 'text-delta') lines[answer] += event.text;
    else if (event.type === 'thinking-delta') lines.push(`thinking: ${event.text}`);
  }
  return lines;
}

const chatgptConversation = (messages: number): unknown => ({
  title: 't',
  mapping: Object.fromEntries(
    Array.from({ length: messages }, (_, index) => [
      `n${index}`,
      {
        id: `n${index}`,
        parent: index === 0 ? null : `n${index - 1}`,
        children: index + 1 < messages ? [`n${index + 1}`] : [],
        message: { author: { role: index % 2 ? 'assistant' : 'user' }, content: { content_type: 'text', parts: [`m${index}`] } },
      },
    ]),
  ),
});

describe('importing ChatGPT conversations.json', () => {
  const result = read(fixture('chatgpt-conversations.json'));

  it('reads every conversation, the branch ChatGPT showed, and ignores fields it does not know', () => {
    expect(result.source).toBe('chatgpt');
    expect(result.timelines.map((timeline) => timeline.title)).toEqual([
      'Packing list <img src=x onerror=alert(1)>',
      'Imported from ChatGPT',
    ]);
    const [first, second] = result.timelines;
    expect(first?.createdAt).toBe(1735812000123);
    expect(first?.model).toBeNull();
    expect(said(first?.events ?? [])).toEqual([
      'you: What should I pack for **Lisbon**?',
      'taco(gpt-4o): Light layers and comfortable shoes. <script>alert(2)</script>',
      'you: And what about this bag?',
      'taco(gpt-4o): ````\nvolume = 40 * 30 * 20 / 1000\n```\nprint(volume)\n````\n\nThat bag holds 24 litres: enough for a weekend.',
    ]);
    expect(JSON.stringify(first?.events)).not.toMatch(/edited away|branch not shown/);
    expect(said(second?.events ?? [])).toEqual(['you: Hello', 'taco(ChatGPT): Hi there.']);
  });

  it('counts what it left out (an image part) and finishes every run it starts', () => {
    expect(result.skipped).toBe(1);
    for (const timeline of result.timelines) {
      const starts = timeline.events.filter((event) => event.type === 'run-start').length;
      const finishes = timeline.events.filter((event): event is EventOf<'run-finish'> => event.type === 'run-finish');
      expect(finishes).toHaveLength(starts);
      expect(finishes.every((event) => event.reason === 'complete')).toBe(true);
    }
  });

  it('follows the last child when current_node is missing, and refuses a tree that loops', () => {
    const looping = chatgptConversation(2) as { current_node?: string; mapping: Record<string, { parent: string | null }> };
    const plain = read(JSON.stringify([chatgptConversation(3)]));
    expect(said(plain.timelines[0]?.events ?? [])).toEqual(['you: m0', 'taco(ChatGPT): m1', 'you: m2']);
    looping.current_node = 'n1';
    looping.mapping['n0']!.parent = 'n1';
    expect(refusal(JSON.stringify([looping]))).toMatch(/ChatGPT export cannot be imported: the messages of conversation 1 loop back/);
  });
});

describe('importing Claude conversations.json', () => {
  const result = read(fixture('claude-conversations.json'));

  it('reads every conversation with its thinking, text blocks first and the old text field otherwise', () => {
    expect(result.source).toBe('claude');
    expect(result.timelines.map((timeline) => timeline.title)).toEqual([
      'Sourdough timing [x](javascript:alert(1))',
      'Imported from Claude',
    ]);
    expect(result.timelines[0]?.createdAt).toBe(Date.parse('2025-01-03T09:00:00Z'));
    expect(said(result.timelines[0]?.events ?? [])).toEqual([
      'you: When should I feed my starter? <img src=x onerror=alert(3)>',
      'taco(Claude): Feed it **4–12 hours** before you bake, when it peaks.',
      'thinking: The user keeps a starter; 4 to 12 hours before baking.',
    ]);
    expect(said(result.timelines[1]?.events ?? [])).toEqual([
      'you: Only the old text field',
      'taco(Claude): An answer from the old text field.',
    ]);
  });

  it('counts the tool traces and attachments it left out; reads the { conversations: [...] } wrapper too', () => {
    expect(result.skipped).toBe(3);
    const wrapped = read(JSON.stringify({ account: {}, conversations: JSON.parse(fixture('claude-conversations.json')) }));
    expect(wrapped.timelines).toHaveLength(2);
  });
});

describe('an import file that is corrupt or too large is refused whole', () => {
  it('says once that the file is not imported, whichever check refused it', () => {
    const summary = { conversationId: 'c', title: 'Mine', model: null, createdAt: 1, updatedAt: 1, pinned: false };
    const taco = JSON.parse(conversationToJson({ summary, events: richConversation('c') })) as Record<string, unknown>;
    const refusals = [
      '{"truncated": [',
      '{"hello": "world"}',
      '[{"hello": 1}]',
      JSON.stringify({ ...taco, version: 99 }),
      JSON.stringify({ ...taco, events: 'none' }),
      JSON.stringify([chatgptConversation(2), { title: 'broken', mapping: 'no' }]),
      JSON.stringify([{ chat_messages: [{ text: 'no sender' }] }]),
    ].map(refusal);
    for (const message of refusals)
      expect(message.match(/not imported|cannot be imported|nothing was imported/gi), message).toHaveLength(1);
  });

  it('names what is wrong', () => {
    expect(refusal('{"truncated": [')).toMatch(/^This file cannot be imported: it is not valid JSON \(.*\)\.$/);
    for (const content of ['null', '7', '"text"', '{"format": "other"}', '{"conversations": 5}', '[]'])
      expect(refusal(content), content).toMatch(/^This file cannot be imported: it is not a conversation exported from TACO/);
    expect(refusal('[{"hello": 1}]')).toMatch(/not a conversation exported from TACO .* nor a conversations.json from ChatGPT or Claude/);
    expect(refusal(JSON.stringify([chatgptConversation(2), { title: 'broken', mapping: 'no' }]))).toMatch(
      /ChatGPT export cannot be imported: conversation 2 is not in ChatGPT's format \("mapping"/,
    );
    expect(refusal(JSON.stringify([{ chat_messages: [{ text: 'no sender' }] }]))).toMatch(
      /conversation 1 is not in Claude's format \("chat_messages.0.sender"/,
    );
  });

  it('holds to the caps of DEFAULTS.foreignImport', () => {
    const { maxConversations, maxMessagesPerConversation, maxMessageChars } = DEFAULTS.foreignImport;
    const many = Array.from({ length: maxConversations + 1 }, () => ({ name: 'x', chat_messages: [] }));
    expect(refusal(JSON.stringify(many))).toMatch(/more than the 2,000 TACO imports at once/);
    expect(refusal(JSON.stringify([chatgptConversation(maxMessagesPerConversation + 1)]))).toMatch(
      /conversation 1 has more than 10,000 messages/,
    );
    const long = [{ name: 'x', chat_messages: [{ sender: 'human', text: 'a'.repeat(maxMessageChars + 1) }] }];
    expect(refusal(JSON.stringify(long))).toMatch(/a message of conversation 1 is longer than 1,000,000 characters/);
  });

  it('holds each cap in both formats: at the cap is read, one over is refused naming the cap', () => {
    const { maxConversations, maxMessagesPerConversation, maxMessageChars } = DEFAULTS.foreignImport;
    const claudeConversation = (messages: number): unknown => ({
      name: 'x',
      chat_messages: Array.from({ length: messages }, (_, index) => ({ sender: index % 2 ? 'assistant' : 'human', text: `m${index}` })),
    });
    // Conversations in one file.
    for (const [one, name] of [
      [chatgptConversation(1), 'ChatGPT'],
      [claudeConversation(1), 'Claude'],
    ] as const) {
      expect(read(JSON.stringify(Array.from({ length: maxConversations }, () => one))).timelines).toHaveLength(maxConversations);
      expect(refusal(JSON.stringify(Array.from({ length: maxConversations + 1 }, () => one)))).toBe(
        `This ${name} export cannot be imported: it holds 2,001 conversations, more than the 2,000 TACO imports at once.`,
      );
    }
    // Messages in one conversation.
    expect(read(JSON.stringify([chatgptConversation(maxMessagesPerConversation)])).timelines).toHaveLength(1);
    expect(read(JSON.stringify([claudeConversation(maxMessagesPerConversation)])).timelines).toHaveLength(1);
    expect(refusal(JSON.stringify([claudeConversation(1), claudeConversation(maxMessagesPerConversation + 1)]))).toMatch(
      /^This Claude export cannot be imported: conversation 2 has more than 10,000 messages/,
    );
    // Characters of one message: ChatGPT's text, Claude's text blocks, Claude's thinking.
    const chatgptText = (chars: number): unknown => ({
      title: 't',
      mapping: {
        a: {
          id: 'a',
          parent: null,
          children: [],
          message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['a'.repeat(chars)] } },
        },
      },
    });
    const claudeBlocks = (text: number, thinking: number): unknown => ({
      name: 'x',
      chat_messages: [
        { sender: 'human', text: 'q' },
        {
          sender: 'assistant',
          text: '',
          content: [
            { type: 'thinking', thinking: 't'.repeat(thinking) },
            { type: 'text', text: 'a'.repeat(text) },
          ],
        },
      ],
    });
    expect(read(JSON.stringify([chatgptText(maxMessageChars)])).timelines).toHaveLength(1);
    expect(refusal(JSON.stringify([chatgptText(maxMessageChars + 1)]))).toMatch(
      /^This ChatGPT export cannot be imported: a message of conversation 1 is longer than 1,000,000 characters/,
    );
    expect(read(JSON.stringify([claudeBlocks(maxMessageChars, maxMessageChars)])).timelines).toHaveLength(1);
    expect(refusal(JSON.stringify([claudeBlocks(maxMessageChars + 1, 1)]))).toMatch(
      /^This Claude export cannot be imported: a message of conversation 1 is longer than 1,000,000 characters/,
    );
    expect(refusal(JSON.stringify([claudeBlocks(1, maxMessageChars + 1)]))).toMatch(
      /^This Claude export cannot be imported: a message of conversation 1 is longer than 1,000,000 characters/,
    );
  });

  it('cuts a title to the title cap in both formats, as one line', () => {
    const { maxTitleChars } = DEFAULTS.foreignImport;
    const long = `  ${'T'.repeat(maxTitleChars - 2)}\n\t x${'y'.repeat(50)}`;
    const expected = `${'T'.repeat(maxTitleChars - 2)} x`;
    const chatgpt = { ...(chatgptConversation(1) as object), title: long };
    const claude = { name: long, chat_messages: [{ sender: 'human', text: 'q' }] };
    expect(read(JSON.stringify([chatgpt])).timelines[0]?.title).toBe(expected);
    expect(read(JSON.stringify([claude])).timelines[0]?.title).toBe(expected);
    const exact = 'T'.repeat(maxTitleChars);
    expect(read(JSON.stringify([{ ...(chatgptConversation(1) as object), title: exact }])).timelines[0]?.title).toBe(exact);
    expect(read(JSON.stringify([{ name: exact, chat_messages: [] }])).timelines[0]?.title).toBe(exact);
    // A blank title falls back to the source's words.
    expect(read(JSON.stringify([{ name: ' \n ', chat_messages: [] }])).timelines[0]?.title).toBe('Imported from Claude');
  });

  it('still reads TACO’s own export strictly', () => {
    const summary = { conversationId: 'c', title: 'Mine', model: null, createdAt: 1, updatedAt: 1, pinned: false };
    const own = read(conversationToJson({ summary, events: richConversation('c') }));
    expect(own.source).toBe('taco');
    expect(own.timelines[0]?.title).toBe('Mine');
  });
});
