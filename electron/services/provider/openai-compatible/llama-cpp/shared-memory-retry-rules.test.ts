import { APIError } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../../shared/constants';
import { ProviderError, type ProviderChunk } from '../../provider-types';
import { openAiMessages } from '../openai-messages';
import { isSharedMemoryExhausted, retryOnSharedMemory, SharedMemoryExhausted } from './shared-memory-retry';

const HOST = 'http://127.0.0.1:8080/v1';
const WORDS = { error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' } };

describe('isSharedMemoryExhausted', () => {
  // The prompt's size is the JSON of [messages, tools] over 4 characters a token.
  const body = (chars: number): ChatCompletionCreateParamsStreaming => ({
    model: 'm',
    stream: true,
    messages: [{ role: 'user', content: 'x'.repeat(chars) }],
  });
  const sized = body(0);
  const baseChars = JSON.stringify([sized.messages, []]).length;
  const at = (tokens: number) => body(tokens * 4 - baseChars);

  it('is llama.cpp’s words, from a stream or a 500, for a prompt that fits the slot to the token', () => {
    for (const status of [500, undefined]) {
      expect(isSharedMemoryExhausted(new APIError(status, WORDS, undefined, undefined), at(100), 100), String(status)).toBe(true);
    }
    expect(
      isSharedMemoryExhausted(new APIError(500, { message: 'CONTEXT SIZE HAS BEEN EXCEEDED' }, undefined, undefined), at(100), 100),
    ).toBe(true);
    expect(isSharedMemoryExhausted(new APIError(500, WORDS, undefined, undefined), at(101), 100)).toBe(false);
  });

  it('is not another status, other words, or anything but an API error', () => {
    for (const status of [400, 503])
      expect(isSharedMemoryExhausted(new APIError(status, WORDS, undefined, undefined), at(10), 100)).toBe(false);
    expect(isSharedMemoryExhausted(new APIError(500, { message: 'out of memory' }, undefined, undefined), at(10), 100)).toBe(false);
    expect(isSharedMemoryExhausted(new Error('Context size has been exceeded.'), at(10), 100)).toBe(false);
  });

  it('counts the tools in the prompt', () => {
    const withTools = { ...at(100), tools: [{ type: 'function' as const, function: { name: 't' } }] };
    expect(isSharedMemoryExhausted(new APIError(500, WORDS, undefined, undefined), withTools, 100)).toBe(false);
  });
});

describe('retryOnSharedMemory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Each attempt yields `chunks[n]` and then fails with `fail[n]` (or ends when it has none). */
  function attempts(plan: Array<{ chunks: ProviderChunk[]; fail?: unknown }>) {
    const prefills: string[] = [];
    const attempt = async function* (prefill: string): AsyncGenerator<ProviderChunk, void, undefined> {
      const step = plan[prefills.length] ?? { chunks: [] };
      prefills.push(prefill);
      yield* step.chunks;
      if (step.fail !== undefined) throw step.fail;
    };
    return { attempt, prefills };
  }

  async function collect(generator: AsyncGenerator<ProviderChunk, void, undefined>): Promise<{ chunks: ProviderChunk[]; error: unknown }> {
    const chunks: ProviderChunk[] = [];
    try {
      for await (const chunk of generator) chunks.push(chunk);
      return { chunks, error: null };
    } catch (error) {
      return { chunks, error };
    }
  }

  const exhausted = () => new SharedMemoryExhausted('full');
  const text = (t: string): ProviderChunk => ({ type: 'text', text: t });

  it('tries again after each delay in turn, no sooner, and continues from the text already shown', async () => {
    vi.useFakeTimers();
    const { attempt, prefills } = attempts([
      { chunks: [text('Hel')], fail: exhausted() },
      { chunks: [text('lo')], fail: exhausted() },
      { chunks: [], fail: exhausted() },
      { chunks: [text(' there')] },
    ]);
    const done = collect(retryOnSharedMemory(HOST, new AbortController().signal, attempt));
    let expected = 1;
    for (const delay of DEFAULTS.servers.sharedMemoryRetryDelaysMs) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(prefills).toHaveLength(expected);
      await vi.advanceTimersByTimeAsync(1);
      expected += 1;
      expect(prefills).toHaveLength(expected);
    }
    const result = await done;
    expect(result).toEqual({ chunks: [text('Hel'), text('lo'), text(' there')], error: null });
    expect(prefills).toEqual(['', 'Hel', 'Hello', 'Hello']);
  });

  it('carries on only the answer’s text: never its thinking or a waiting note', async () => {
    vi.useFakeTimers();
    const thinking: ProviderChunk = { type: 'thinking', text: 'Let me see.' };
    const waiting: ProviderChunk = { type: 'waiting', text: 'Every slot is busy.' };
    const { attempt, prefills } = attempts([{ chunks: [thinking, waiting, text('Hi')], fail: exhausted() }, { chunks: [text('!')] }]);
    const done = collect(retryOnSharedMemory(HOST, new AbortController().signal, attempt));
    await vi.advanceTimersByTimeAsync(DEFAULTS.servers.sharedMemoryRetryDelaysMs[0] ?? 0);
    expect(await done).toEqual({ chunks: [thinking, waiting, text('Hi'), text('!')], error: null });
    expect(prefills).toEqual(['', 'Hi']);
  });

  it('says the server ran out of shared memory, with the retries made, when every retry fails too', async () => {
    vi.useFakeTimers();
    const delays = DEFAULTS.servers.sharedMemoryRetryDelaysMs;
    const { attempt, prefills } = attempts(Array.from({ length: delays.length + 1 }, () => ({ chunks: [], fail: exhausted() })));
    const done = collect(retryOnSharedMemory(HOST, new AbortController().signal, attempt));
    await vi.runAllTimersAsync();
    const { error } = await done;
    expect(prefills).toHaveLength(delays.length + 1);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'ollama-error',
      message: openAiMessages.sharedMemory(HOST, delays.length),
      host: HOST,
      status: 500,
    });
  });

  it('never tries again a step that handed over tool calls', async () => {
    const calls: ProviderChunk = { type: 'tool-calls', calls: [{ function: { name: 't', arguments: {} } }] };
    const { attempt, prefills } = attempts([{ chunks: [calls], fail: exhausted() }]);
    const { chunks, error } = await collect(retryOnSharedMemory(HOST, new AbortController().signal, attempt));
    expect(chunks).toEqual([calls]);
    expect(prefills).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'ollama-error', message: openAiMessages.sharedMemory(HOST, 0), status: 500 });
  });

  it('passes any other failure through at once', async () => {
    const other = new Error('socket closed');
    const { attempt, prefills } = attempts([{ chunks: [text('a')], fail: other }]);
    expect(await collect(retryOnSharedMemory(HOST, new AbortController().signal, attempt))).toEqual({ chunks: [text('a')], error: other });
    expect(prefills).toHaveLength(1);
  });

  it('a stop during the wait ends it as stopped, with no further attempt', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { attempt, prefills } = attempts([{ chunks: [], fail: exhausted() }, { chunks: [text('late')] }]);
    const done = collect(retryOnSharedMemory(HOST, controller.signal, attempt));
    await vi.advanceTimersByTimeAsync(1);
    controller.abort();
    const { chunks, error } = await done;
    expect(chunks).toEqual([]);
    expect(prefills).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'aborted', message: openAiMessages.aborted(), host: HOST });
  });
});
