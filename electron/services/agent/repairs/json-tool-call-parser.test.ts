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
