import { describe, expect, it } from 'vitest';
import type { TextCallParse } from './json-tool-call-parser';
import { createTextCallFilter, type TextCallFilterOptions } from './text-call-filter';

const claimCalls: TextCallFilterOptions = { claim: (parse: TextCallParse): boolean => parse.type === 'call' };

/** Feed the text in chunks of `size`; return what streamed live and the end result. */
function feed(text: string, size: number, options = claimCalls) {
  const filter = createTextCallFilter(options);
  let live = '';
  for (let i = 0; i < text.length; i += size) live += filter.push(text.slice(i, i + size));
  const end = filter.end();
  return { live, ...end, all: live + end.flushed };
}

describe('createTextCallFilter', () => {
  it('streams ordinary prose at once, character by character', () => {
    const filter = createTextCallFilter(claimCalls);
    expect(filter.push('Hel')).toBe('Hel');
    expect(filter.push('lo wor')).toBe('lo wor');
    expect(filter.push('ld.')).toBe('ld.');
    expect(filter.end()).toEqual({ flushed: '', visible: 'Hello world.', calls: [], invalid: [] });
  });

  it.each([1, 3, 1000])('takes a whole-reply JSON call out of the text (chunks of %i)', (size) => {
    const result = feed('{"name": "read_file", "arguments": {"path": "a {b}.txt"}}', size);
    expect(result.all).toBe('');
    expect(result.calls).toEqual([{ name: 'read_file', arguments: { path: 'a {b}.txt' }, terminate: null }]);
  });

  it('holds a candidate only until it is clearly not JSON', () => {
    const filter = createTextCallFilter(claimCalls);
    expect(filter.push('{')).toBe('');
    expect(filter.push(' x')).toBe('{ x');
    const fenced = createTextCallFilter(claimCalls);
    expect(fenced.push('``')).toBe('');
    expect(fenced.push('`py')).toBe('```py');
    expect(fenced.push('thon\n{"a": 1}')).toBe('thon\n{"a": 1}');
  });

  it('keeps prose around a fenced call and takes the fence out', () => {
    const result = feed(
      'Reading it now.\n```json\n{"tool": "read_file", "parameters": {"path": "a"}, "terminate": false}\n```\nBack soon.',
      4,
    );
    expect(result.all).toBe('Reading it now.\n\nBack soon.');
    expect(result.calls).toEqual([{ name: 'read_file', arguments: { path: 'a' }, terminate: false }]);
  });

  it('shows JSON that is not a call, and code blocks, unchanged', () => {
    const text = 'Data:\n{"rows": [1, 2]}\n```python\nprint({"a": 1})\n```\n```json\n{"name": "x"}\n```';
    const result = feed(text, 2, { claim: (parse) => parse.type === 'call' && parse.call.name === 'read_file' });
    expect(result.all).toBe(text);
    expect(result.calls).toEqual([]);
  });

  it('reports an unreadable call when told to claim it, and never shows it', () => {
    const result = feed('{"tool": "read_file", "parameters": {"path": "a",}}', 5, { claim: (parse) => parse.type !== 'not-a-call' });
    expect(result.all).toBe('');
    expect(result.invalid).toEqual([expect.stringMatching(/^The tool call is not valid JSON/)]);
  });

  it('an unfinished candidate at the end is released as text when it is not a call', () => {
    const result = feed('Here:\n{"a": 1', 3);
    expect(result.all).toBe('Here:\n{"a": 1');
  });

  it('finds several calls in one reply', () => {
    const result = feed('{"name": "a", "arguments": {}}\n{"name": "b", "arguments": "{\\"x\\": 1}"}', 7);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', {}],
      ['b', { x: 1 }],
    ]);
  });

  it('knows where lines start across pushes (it keeps only the text it has not released)', () => {
    const afterNewline = createTextCallFilter(claimCalls);
    expect(afterNewline.push('Reading it.\n')).toBe('Reading it.\n');
    expect(afterNewline.push('{"name": "a", "arguments": {}}')).toBe('');
    expect(afterNewline.end().calls.map((call) => call.name)).toEqual(['a']);
    const midLine = createTextCallFilter(claimCalls);
    expect(midLine.push('The value is ')).toBe('The value is ');
    expect(midLine.push('{"name": "a", "arguments": {}}')).toBe('{"name": "a", "arguments": {}}');
    expect(midLine.end().calls).toEqual([]);
  });

  it('streams a long answer token by token with its text intact', () => {
    const tokens = Array.from({ length: 20_000 }, (_, index) => (index % 50 === 49 ? 'end.\n' : `word${index % 7} `));
    const filter = createTextCallFilter(claimCalls);
    let live = '';
    for (const token of tokens) live += filter.push(token);
    const end = filter.end();
    expect(live + end.flushed).toBe(tokens.join(''));
    expect(end.visible).toBe(tokens.join(''));
  });
});
