import { describe, expect, it } from 'vitest';
import { chunksOf, contentOf, parseCapabilities, parseModelList, parseToolCalls, usageOf } from './ollama-responses';
import { tokensPerSecond } from './chat/tokens-per-second';

describe('parsing Ollama answers', () => {
  it('keeps capabilities null when /api/tags does not report them, and skips nameless entries', () => {
    const models = parseModelList({ models: [{ name: 'a:1b', size: 10, details: {} }, { size: 3 }, 'junk'] });
    expect(models).toEqual([{ name: 'a:1b', sizeBytes: 10, family: null, parameterSize: null, quantization: null, capabilities: null }]);
    expect(parseModelList(null)).toEqual([]);
    expect(parseModelList({ models: 'nope' })).toEqual([]);
  });

  it('finds the context length under any architecture prefix', () => {
    const show = {
      capabilities: ['completion', 'vision'],
      model_info: { 'general.architecture': 'gemma3', 'gemma3.context_length': 131_072 },
    };
    expect(parseCapabilities(show)).toEqual({ tools: false, thinking: false, vision: true, contextLength: 131_072, kvShape: null });
    expect(parseCapabilities({ model_info: { 'x.context_length': 'big' } }).contextLength).toBeNull();
    expect(parseCapabilities(undefined)).toEqual({ tools: false, thinking: false, vision: false, contextLength: null, kvShape: null });
  });

  it('parses tool calls, including string arguments, and drops malformed ones', () => {
    expect(
      parseToolCalls([
        { function: { name: 'read_file', arguments: { path: 'a' } } },
        { function: { name: 'list_directory', arguments: '{"path":"."}' } },
        { function: { name: 'broken', arguments: '{not json' } },
        { function: { arguments: {} } },
        null,
      ]),
    ).toEqual([
      { function: { name: 'read_file', arguments: { path: 'a' } } },
      { function: { name: 'list_directory', arguments: { path: '.' } } },
      { function: { name: 'broken', arguments: {} } },
    ]);
  });

  it('splits one line into thinking, text and tool calls, in that order', () => {
    const part = {
      message: { role: 'assistant', content: 'Hi', thinking: 'hmm', tool_calls: [{ function: { name: 't', arguments: {} } }] },
      done: false,
    };
    expect(chunksOf(part).map((chunk) => chunk.type)).toEqual(['thinking', 'text', 'tool-calls']);
    expect(chunksOf({ message: { role: 'assistant', content: '' } })).toEqual([]);
    expect(chunksOf('garbage')).toEqual([]);
  });

  it('reads usage from the final chunk, zero where absent', () => {
    expect(usageOf({ done: true, eval_count: 5, eval_duration: 1e9, done_reason: 'length' }, 2048)).toEqual({
      promptTokens: 0,
      completionTokens: 5,
      evalDurationNs: 1e9,
      totalDurationNs: 0,
      doneReason: 'length',
      numCtx: 2048,
    });
    expect(contentOf({ message: { content: 'ok' } })).toBe('ok');
    expect(contentOf({})).toBe('');
  });
});

describe('tokensPerSecond', () => {
  it('is eval_count per second of eval_duration, null without a duration', () => {
    expect(tokensPerSecond({ completionTokens: 50, evalDurationNs: 2_000_000_000 })).toBe(25);
    expect(tokensPerSecond({ completionTokens: 50, evalDurationNs: 0 })).toBeNull();
  });
});
