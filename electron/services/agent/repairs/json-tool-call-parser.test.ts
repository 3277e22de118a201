import { describe, expect, it } from 'vitest';
import { parseTextToolCall, stripFence } from './json-tool-call-parser';

describe('parseTextToolCall', () => {
  it.each([
    [
      '{"tool": "read_file", "parameters": {"path": "a"}, "terminate": true}',
      { name: 'read_file', arguments: { path: 'a' }, terminate: true },
    ],
    ['{"name": "read_file", "arguments": {"path": "a"}}', { name: 'read_file', arguments: { path: 'a' }, terminate: null }],
    ['{"name": "read_file", "parameters": {"path": "a"}}', { name: 'read_file', arguments: { path: 'a' }, terminate: null }],
    [
      '{"function": {"name": "read_file", "arguments": "{\\"path\\": \\"a\\"}"}}',
      { name: 'read_file', arguments: { path: 'a' }, terminate: null },
    ],
    ['{"tool": "current_time"}', { name: 'current_time', arguments: {}, terminate: null }],
    ['```json\n{"tool": "read_file", "parameters": {"path": "a"}}\n```', { name: 'read_file', arguments: { path: 'a' }, terminate: null }],
  ])('reads %s', (text, call) => {
    expect(parseTextToolCall(text)).toEqual({ type: 'call', call });
  });

  it.each([
    ['{"tool": "read_file", "parameters": {"path": "a",}}', /not valid JSON/],
    ["{'tool': 'read_file'}", /not valid JSON/],
    ['{"tool": 42}', /must be the tool's name/],
    ['{"tool": "read_file", "parameters": ["a"]}', /must be a JSON object/],
    ['{"tool": "read_file", "parameters": {}, "terminate": "yes"}', /true or false/],
  ])('refuses %s with words for the model', (text, error) => {
    const parsed = parseTextToolCall(text);
    expect(parsed.type).toBe('invalid');
    if (parsed.type === 'invalid') expect(parsed.error).toMatch(error);
  });

  it.each(['Just an answer.', '{"rows": [1, 2]}', '[1, 2]', '{not json at all}'])('%s is not a call', (text) => {
    expect(parseTextToolCall(text)).toEqual({ type: 'not-a-call' });
  });

  it('strips a fence with or without a language', () => {
    expect(stripFence('```\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripFence('{"a": 1}')).toBe('{"a": 1}');
  });
});

describe('parseTextToolCall: which field says what', () => {
  const call = (text: string) => {
    const parsed = parseTextToolCall(text);
    return parsed.type === 'call' ? parsed.call : parsed;
  };

  it('takes the name from "tool", then "name", then "tool_name", trimmed; inside "function" when that is an object', () => {
    expect(call('{"tool": "a", "name": "b", "tool_name": "c"}')).toEqual({ name: 'a', arguments: {}, terminate: null });
    expect(call('{"name": "b", "tool_name": "c"}')).toEqual({ name: 'b', arguments: {}, terminate: null });
    expect(call('{"tool_name": " c "}')).toEqual({ name: 'c', arguments: {}, terminate: null });
    expect(call('{"tool": "outer", "function": {"name": "inner"}}')).toEqual({ name: 'inner', arguments: {}, terminate: null });
    expect(call('{"function": "read_file", "tool": "outer"}')).toEqual({ name: 'outer', arguments: {}, terminate: null });
    expect(call('{"function": "read_file"}')).toEqual({ type: 'not-a-call' });
    expect(call('{"function": null, "tool": "outer"}')).toEqual({ name: 'outer', arguments: {}, terminate: null });
  });

  it('takes the arguments from "parameters", then "arguments", then "args"; a blank string is none', () => {
    expect(call('{"tool": "t", "parameters": {"p": 1}, "arguments": {"a": 1}, "args": {"g": 1}}')).toMatchObject({ arguments: { p: 1 } });
    expect(call('{"tool": "t", "arguments": {"a": 1}, "args": {"g": 1}}')).toMatchObject({ arguments: { a: 1 } });
    expect(call('{"tool": "t", "args": {"g": 1}}')).toMatchObject({ arguments: { g: 1 } });
    expect(call('{"tool": "t", "arguments": "  "}')).toMatchObject({ arguments: {} });
    expect(call('{"tool": "t", "arguments": "{\\"a\\": [1]}"}')).toMatchObject({ arguments: { a: [1] } });
  });

  it('keeps terminate false as false, and reads it beside a nested function', () => {
    expect(call('{"tool": "t", "terminate": false}')).toEqual({ name: 't', arguments: {}, terminate: false });
    expect(call('{"function": {"name": "t", "terminate": "no"}, "terminate": true}')).toEqual({
      name: 't',
      arguments: {},
      terminate: true,
    });
  });

  it('refuses, in exact words for the model, a blank name, arguments that are no object and a terminate that is no boolean', () => {
    expect(parseTextToolCall('{"tool": "  "}')).toEqual({
      type: 'invalid',
      error: 'The "tool" field must be the tool\'s name as a string.',
    });
    expect(parseTextToolCall('{"name": 7}')).toEqual({ type: 'invalid', error: 'The "tool" field must be the tool\'s name as a string.' });
    for (const args of ['"[1]"', '"{nope"', '"7"', '3', '[]']) {
      expect(parseTextToolCall(`{"tool": "read_file", "parameters": ${args}}`), args).toEqual({
        type: 'invalid',
        error: 'The "parameters" of read_file must be a JSON object, like {"path": "notes.txt"}.',
      });
    }
    expect(parseTextToolCall('{"tool": "t", "terminate": null}')).toEqual({
      type: 'invalid',
      error: 'The "terminate" field must be true or false.',
    });
  });

  it('calls broken JSON a broken call only when a quoted call key is in it, and says what the parser said', () => {
    for (const key of ['"tool"', '"name"', '"function"', '"tool_name"', "'tool'", '"tool" ', '"name"\t']) {
      const parsed = parseTextToolCall(`{${key}: "x",}`);
      expect(parsed.type, key).toBe('invalid');
      if (parsed.type === 'invalid') expect(parsed.error).toMatch(/^The tool call is not valid JSON \(.+\)\.$/);
    }
    const detail = (() => {
      try {
        JSON.parse('{"tool": "x",}');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(parseTextToolCall('{"tool": "x",}')).toEqual({ type: 'invalid', error: `The tool call is not valid JSON (${detail}).` });
    for (const text of ['{"toolbox": "x",}', '{tool: "x",}', '{"names" : 1,}', '{"my_tool": 1,}']) {
      expect(parseTextToolCall(text), text).toEqual({ type: 'not-a-call' });
    }
  });

  it('reads a call with space around it, and nothing that does not start as an object', () => {
    expect(call('\n  {"tool": "t"}  \n')).toEqual({ name: 't', arguments: {}, terminate: null });
    expect(parseTextToolCall('Call: {"tool": "t"}')).toEqual({ type: 'not-a-call' });
    expect(parseTextToolCall('"{\\"tool\\": \\"t\\"}"')).toEqual({ type: 'not-a-call' });
  });
});

describe('stripFence: one whole fence only', () => {
  it('takes the body of a fence with any language word, spaces after it, CRLF, or no newline before the end', () => {
    expect(stripFence('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripFence('```tool_call-2\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripFence('```JSON \t\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripFence('```json\r\n{"a": 1}\r\n```')).toBe('{"a": 1}');
    expect(stripFence('```json\n{"a": 1}```')).toBe('{"a": 1}');
    expect(stripFence('```json\n  {"a": 1}\n\n```')).toBe('{"a": 1}');
    expect(stripFence('```json\n{"a":\n 1}\n```')).toBe('{"a":\n 1}');
  });

  it('leaves text that is not exactly one fence as it is', () => {
    for (const text of [
      'Here: ```json\n{"a": 1}\n```',
      '```json\n{"a": 1}\n``` and more',
      '```json {"a": 1}```',
      '```js on\n{"a": 1}\n```',
    ]) {
      expect(stripFence(text), text).toBe(text);
    }
  });
});
