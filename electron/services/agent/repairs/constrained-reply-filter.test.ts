import { describe, expect, it } from 'vitest';
import { createConstrainedReplyFilter } from './constrained-reply-filter';

/** Feeds the reply in pieces of `size` characters; returns what was shown as it streamed, and the end. */
function read(reply: string, size: number) {
  const filter = createConstrainedReplyFilter();
  let streamed = '';
  for (let index = 0; index < reply.length; index += size) streamed += filter.push(reply.slice(index, index + size));
  const end = filter.end();
  return { streamed: streamed + end.flushed, end, ignored: filter.ignored() };
}

describe('reading a reply under the constrained format', () => {
  const answer = JSON.stringify({ answer: 'Line one\n"quoted" \\ path — ünïcode 😀 done.' });

  it.each([1, 2, 3, 7, 1000])('streams an answer decoded from its JSON string, in pieces of %i', (size) => {
    const { streamed, end, ignored } = read(answer, size);
    expect(streamed).toBe('Line one\n"quoted" \\ path — ünïcode 😀 done.');
    expect(end.calls).toEqual([]);
    expect(ignored).toBe(false);
  });

  it('shows the answer while it is still arriving, before the closing quote', () => {
    const filter = createConstrainedReplyFilter();
    expect(filter.push('{"answer": "Hel')).toBe('Hel');
    expect(filter.push('lo\\')).toBe('lo');
    expect(filter.push('nworld')).toBe('\nworld');
    expect(filter.push('\\u00')).toBe('');
    expect(filter.push('e9"}')).toBe('é');
    expect(filter.end()).toMatchObject({ flushed: '', visible: 'Hello\nworldé', calls: [] });
  });

  it.each([1, 5, 1000])('holds a call and reads it whole at the end (pieces of %i), showing nothing', (size) => {
    const { streamed, end, ignored } = read('{"tool": "read_file", "parameters": {"path": "notes.txt"}}', size);
    expect(streamed).toBe('');
    expect(end.calls).toEqual([{ name: 'read_file', arguments: { path: 'notes.txt' }, terminate: null }]);
    expect(ignored).toBe(false);
  });

  it('reads a call inside a ```json fence (llama.cpp grammars allow one)', () => {
    const { end } = read('```json\n{"tool": "calculate", "parameters": {"expression": "17*23"}}\n```', 4);
    expect(end.calls).toEqual([{ name: 'calculate', arguments: { expression: '17*23' }, terminate: null }]);
  });

  it('a server that ignored the format: plain text streams as text, a JSON call in it is still read', () => {
    const plain = read('Hello there, how can I help?', 3);
    expect(plain).toMatchObject({ streamed: 'Hello there, how can I help?', ignored: true });
    const withCall = read('Let me look.\n{"tool": "read_file", "parameters": {"path": "a.txt"}}', 6);
    expect(withCall.ignored).toBe(true);
    expect(withCall.end.calls.map((call) => call.name)).toEqual(['read_file']);
    expect(withCall.streamed).not.toContain('"tool"');
  });

  it('a call cut short is unreadable with the parser’s error; an object of another shape is shown as written', () => {
    const cut = read('{"tool": "read_file", "parameters": {"path": "no', 5);
    expect(cut.end.invalid).toEqual([expect.stringContaining('not valid JSON')]);
    const other = read('{"result": 42}', 2);
    expect(other.streamed).toBe('{"result": 42}');
  });

  it('nothing but whitespace shows nothing', () => {
    expect(read('  \n ', 1)).toMatchObject({ streamed: '', ignored: false });
  });
});
