import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../../../shared/contract/contract-error';
import { looksLikeChatgpt, readChatgptExport } from './chatgpt-export';

const NOW = 1_000;

type Node = { id: string; parent: string | null; children: string[]; message: unknown };

/** A tree from [id, parent, message] rows; children follow the rows' order. */
function tree(rows: Array<[string, string | null, unknown]>): Record<string, Node> {
  const mapping: Record<string, Node> = {};
  for (const [id, parent, message] of rows) mapping[id] = { id, parent, children: [], message };
  for (const [id, parent] of rows) if (parent) mapping[parent]?.children.push(id);
  return mapping;
}
const says = (role: string, parts: unknown[], extra: object = {}): unknown => ({
  author: { role },
  content: { content_type: 'text', parts },
  ...extra,
});

describe('telling ChatGPT’s export apart', () => {
  it('a non-empty list whose first entry is an object with a mapping, and nothing else', () => {
    expect(looksLikeChatgpt([{ mapping: {} }])).toBe(true);
    for (const value of [[], [null], ['mapping'], [7], { mapping: {} }, [{ chat_messages: [] }], null])
      expect(looksLikeChatgpt(value), JSON.stringify(value)).toBe(false);
  });
});

describe('reading ChatGPT’s messages', () => {
  it('the shown branch’s user and assistant words, parts joined, the model named, system and tool turns and blanks left out', () => {
    const mapping = tree([
      ['root', null, null],
      ['sys', 'root', says('system', ['You are ChatGPT'])],
      ['u1', 'sys', says('user', ['a', 'b'], { create_time: 1_700_000_000 })],
      ['t1', 'u1', says('tool', ['tool output'])],
      ['a1', 't1', says('assistant', ['answer'], { metadata: { model_slug: '  gpt-4o  ' } })],
      ['a2', 'a1', says('assistant', ['   '])],
      ['a3', 'a2', says('assistant', ['more'], { metadata: { model_slug: '  ' } })],
      ['other', 'u1', says('assistant', ['another branch'])],
    ]);
    const [conversation] = readChatgptExport([{ title: 'T', create_time: 1_600_000_000, current_node: 'a3', mapping }], NOW);
    expect(conversation?.turns).toEqual([
      { role: 'user', text: 'a\n\nb', at: 1_700_000_000_000 },
      { role: 'assistant', text: 'answer', thinking: '', model: 'gpt-4o', at: 1_600_000_000_000 },
      { role: 'assistant', text: 'more', thinking: '', model: 'ChatGPT', at: 1_600_000_000_000 },
    ]);
    expect(conversation?.createdAt).toBe(1_600_000_000_000);
  });

  it('code is fenced; image parts and unknown content are counted as left out, not kept', () => {
    const mapping = tree([
      ['u', null, { author: { role: 'user' }, content: { content_type: 'multimodal_text', parts: [{ asset: 'img' }, 'look'] } }],
      ['c', 'u', { author: { role: 'assistant' }, content: { content_type: 'code', text: 'x = 1' } }],
      ['e', 'c', { author: { role: 'assistant' }, content: { content_type: 'code' } }],
      ['b', 'e', { author: { role: 'assistant' }, content: { content_type: 'tether_browsing_display', parts: ['web'] } }],
      ['n', 'b', { author: { role: 'assistant' } }],
    ]);
    const [conversation] = readChatgptExport([{ current_node: 'n', mapping }], NOW);
    expect(conversation?.turns.map((turn) => turn.text)).toEqual(['look', '```\nx = 1\n```']);
    expect(conversation?.skipped).toBe(2);
    expect(conversation?.title).toBe('Imported from ChatGPT');
    expect(conversation?.createdAt).toBe(NOW);
  });

  it('without a usable current_node, the path that always takes the last child from the root', () => {
    const mapping = tree([
      ['u', null, says('user', ['q'])],
      ['a', 'u', says('assistant', ['first'])],
      ['b', 'u', says('assistant', ['last'])],
      ['b2', 'b', says('user', ['and then'])],
    ]);
    for (const current_node of [undefined, null, 'gone']) {
      const [conversation] = readChatgptExport([{ current_node, mapping }], NOW);
      expect(conversation?.turns.map((turn) => turn.text)).toEqual(['q', 'last', 'and then']);
    }
    // A root is a node without a parent in the tree (none, or one the file lacks), whatever the order of the mapping.
    const reordered = { a: mapping['a'], b2: mapping['b2'], b: mapping['b'], u: { ...mapping['u'], parent: 'gone' } };
    expect(readChatgptExport([{ mapping: reordered }], NOW)[0]?.turns.map((turn) => turn.text)).toEqual(['q', 'last', 'and then']);
    expect(readChatgptExport([{ current_node: 'b2', mapping: reordered }], NOW)[0]?.turns.map((turn) => turn.text)).toEqual([
      'q',
      'last',
      'and then',
    ]);
    // Children that lead back up end the walk down.
    const circular = tree([
      ['u', null, says('user', ['q'])],
      ['a', 'u', says('assistant', ['first'])],
    ]);
    circular['a']?.children.push('u');
    expect(readChatgptExport([{ mapping: circular }], NOW)[0]?.turns.map((turn) => turn.text)).toEqual(['q', 'first']);
  });

  it('a model slug that is null or blank is named ChatGPT', () => {
    for (const model_slug of [null, '', '  ']) {
      const mapping = tree([['a', null, says('assistant', ['x'], { metadata: { model_slug } })]]);
      expect(readChatgptExport([{ mapping }], NOW)[0]?.turns).toEqual([
        { role: 'assistant', text: 'x', thinking: '', model: 'ChatGPT', at: NOW },
      ]);
    }
  });
});

describe('a conversation not in ChatGPT’s shape is refused, naming where', () => {
  it('each field’s type is checked, and the path is named with dots', () => {
    for (const [node, path] of [
      [{ parent: 5, message: null }, 'mapping.n.parent'],
      [{ message: { author: {}, content: null } }, 'mapping.n.message.author.role'],
      [{ message: { author: { role: 'user' }, content: { parts: ['x'] } } }, 'mapping.n.message.content.content_type'],
      [{ message: { author: { role: 'user' }, metadata: { model_slug: 5 } } }, 'mapping.n.message.metadata.model_slug'],
    ] as const) {
      const read = (): unknown => readChatgptExport([{ mapping: { n: node } }], NOW);
      expect(read).toThrow(ContractError);
      expect(read).toThrow(`conversation 1 is not in ChatGPT's format ("${path}": `);
    }
    // A conversation that is not an object at all has no path to name.
    expect(() => readChatgptExport(['nope'], NOW)).toThrow(
      /conversation 1 is not in ChatGPT's format \(Invalid input: expected object, received string\)\.$/,
    );
  });
});
