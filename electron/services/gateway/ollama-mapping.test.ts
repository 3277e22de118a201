import type { ChatResponse } from 'ollama';
import { describe, expect, it } from 'vitest';
import { parseChatRequest } from './chat-request';
import { toOllamaChatRequest } from './ollama-request';
import { newStreamState, toStreamChunks } from './ollama-response';

/** The mapping follows Ollama's own OpenAI layer (ollama/ollama openai/openai.go, middleware/openai.go). */
describe('OpenAI request → Ollama /api/chat', () => {
  it('maps options as Ollama does: stop, max_tokens, seed, penalties; temperature and top_p 1.0 when absent', () => {
    const mapped = toOllamaChatRequest(
      parseChatRequest({
        model: 'x',
        messages: [{ role: 'user', content: 'hi' }],
        stop: 'END',
        max_tokens: 12,
        seed: 7,
        presence_penalty: 0.5,
      }),
      'llama3.2:3b',
    );
    expect(mapped).toMatchObject({
      model: 'llama3.2:3b',
      stream: false,
      options: { stop: ['END'], num_predict: 12, seed: 7, presence_penalty: 0.5, temperature: 1, top_p: 1 },
    });
    const given = toOllamaChatRequest(
      parseChatRequest({ model: 'x', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, top_p: 0.9 }),
      'm',
    );
    expect(given.options).toEqual({ temperature: 0.2, top_p: 0.9 });
  });

  it('maps response_format to format and reasoning_effort to think; refuses an unknown effort', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const base = { model: 'x', messages: [{ role: 'user', content: 'hi' }] };
    expect(toOllamaChatRequest(parseChatRequest({ ...base, response_format: { type: 'json_object' } }), 'm').format).toBe('json');
    expect(
      toOllamaChatRequest(parseChatRequest({ ...base, response_format: { type: 'json_schema', json_schema: { schema } } }), 'm').format,
    ).toEqual(schema);
    expect(toOllamaChatRequest(parseChatRequest({ ...base, reasoning_effort: 'none' }), 'm').think).toBe(false);
    expect(toOllamaChatRequest(parseChatRequest({ ...base, reasoning_effort: 'xhigh' }), 'm').think).toBe('max');
    expect(() => toOllamaChatRequest(parseChatRequest({ ...base, reasoning_effort: 'huge' }), 'm')).toThrow(/invalid reasoning value/);
  });

  it('refuses image URLs and arguments that are not a JSON object, in Ollama’s words', () => {
    const image = {
      model: 'x',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }],
    };
    expect(() => toOllamaChatRequest(parseChatRequest(image), 'm')).toThrow(/image URLs are not currently supported/);
    const args = {
      model: 'x',
      messages: [
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '[1]' } }] },
      ],
    };
    expect(() => toOllamaChatRequest(parseChatRequest(args), 'm')).toThrow(/invalid tool call arguments/);
  });

  it('says which field of a request is wrong', () => {
    expect(() => parseChatRequest({ model: 'x', messages: [] })).toThrow(/messages/);
    expect(() => parseChatRequest({ messages: [{ role: 'user', content: 'hi' }] })).toThrow(/model/);
  });
});

function line(message: Partial<ChatResponse['message']>, done = false, doneReason = ''): ChatResponse {
  return {
    model: 'qwen3:4b',
    created_at: new Date('2026-01-01T00:00:00Z'),
    message: { role: 'assistant', content: '', ...message },
    done,
    done_reason: doneReason,
    total_duration: 0,
    load_duration: 0,
    prompt_eval_count: 10,
    prompt_eval_duration: 0,
    eval_count: 5,
    eval_duration: 0,
  } as ChatResponse;
}

describe('Ollama stream → OpenAI chunks', () => {
  it('sends the role first, thinking as reasoning before content, no delta for an empty trailer, then finish and usage', () => {
    const state = newStreamState('qwen3:4b', true);
    const chunks = [
      ...toStreamChunks(state, line({ thinking: 'hmm', content: 'Hi' })),
      ...toStreamChunks(state, line({ content: '!' })),
      ...toStreamChunks(state, line({}, true, 'stop')),
    ] as Array<{ choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>; usage?: unknown; model: string }>;
    expect(chunks.map((chunk) => chunk.choices[0]?.delta ?? null)).toEqual([
      { role: 'assistant', reasoning: 'hmm' },
      { content: 'Hi' },
      { content: '!' },
      {},
      null,
    ]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks[4]).toMatchObject({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
    expect(new Set(chunks.map((chunk) => chunk.model))).toEqual(new Set(['qwen3:4b']));
  });

  it('turns stop into tool_calls once a call was sent, and leaves usage out unless asked', () => {
    const state = newStreamState('m', false);
    const calls = [{ function: { name: 'f', arguments: { a: 1 } } }];
    const chunks = [...toStreamChunks(state, line({ tool_calls: calls })), ...toStreamChunks(state, line({}, true, 'stop'))] as Array<{
      choices: Array<{ delta: { tool_calls?: unknown }; finish_reason: string | null }>;
    }>;
    expect(chunks[0]?.choices[0]?.delta.tool_calls).toEqual([
      { id: expect.stringMatching(/^call_/), index: 0, type: 'function', function: { name: 'f', arguments: '{"a":1}' } },
    ]);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(chunks).toHaveLength(2);
  });
});
