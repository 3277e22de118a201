import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleProvider } from '../../electron/services/provider/openai-compatible/openai-provider';
import type { ProviderChunk } from '../../electron/services/provider/provider-types';
import { llamaCppChatStreamUsage, llamaCppPropsCaptured } from '../replays/llama-cpp-replays';
import { llamaCppWrites } from './llama-cpp-framing';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';

/* The fake's llama-cpp framing against the captured writes of llama.cpp 82bb48500a9a (chat-stream-usage.writes.json, tools-auto-seed10-stream). */

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const MODEL = 'model/tiny-chatml.gguf';
const events = (write: string): Array<Record<string, unknown>> =>
  write
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, unknown>);

/** The writes the fake makes for one answer (a client's reads merge them as TCP delivers, so they are taken at the source). */
function writesOf(reply: string | null, includeUsage: boolean): string[] {
  const request = { model: MODEL, stream: true, messages: [], tools: null, includeUsage, call: 1 };
  const usage = { promptTokens: 31, completionTokens: 12 };
  return llamaCppWrites(
    request,
    reply === null
      ? { type: 'tool-calls', calls: [{ name: 'read_file', arguments: { path: 'a.txt' } }], pieceChars: 5, usage }
      : { type: 'text', text: reply, pieceChars: 4, finishReason: 'length', usage },
  );
}

describe("the fake's llama.cpp framing", () => {
  it('splits a streamed text answer into writes as llama.cpp does: role with the first token, finish with usage, [DONE] alone', async () => {
    const writes = writesOf('Hello there, friend.', true);
    const captured = llamaCppChatStreamUsage.writes;
    const shape = (all: readonly string[]) => all.map((write) => events(write).length || write.trim());

    expect(shape([writes[0] ?? '', ...writes.slice(-2)])).toEqual(shape([captured[0] ?? '', ...captured.slice(-2)]));
    const [role, first] = events(writes[0] ?? '');
    const [capturedRole] = events(captured[0] ?? '');
    expect(Object.keys(role ?? {})).toEqual(Object.keys(capturedRole ?? {}));
    expect(role?.['choices']).toEqual([{ finish_reason: null, index: 0, delta: { role: 'assistant', content: null } }]);
    expect(String(first?.['id'])).toMatch(/^chatcmpl-[A-Za-z0-9]{32}$/);
    const usage = events(writes.at(-2) ?? '')[1];
    expect(Object.keys(usage ?? {})).toEqual(Object.keys(events(captured.at(-2) ?? '')[1] ?? {}));
    expect(usage?.['usage']).toMatchObject({ prompt_tokens_details: { cached_tokens: 0 } });
  });

  it('opens a tool call with its 32-alphanumeric id, its name and "{", as the captures do', async () => {
    const writes = writesOf(null, false);
    const call = events(writes.find((write) => write.includes('"tool_calls"')) ?? '').find((event) =>
      JSON.stringify(event).includes('"name"'),
    );
    const delta = (call?.['choices'] as Array<{ delta: { tool_calls: Array<Record<string, unknown>> } }>)[0]?.delta.tool_calls[0];
    expect(delta?.['id']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(delta?.['function']).toEqual({ name: 'read_file', arguments: '{' });
    expect(events(writes.at(-2) ?? '')[0]).toHaveProperty('timings');
  });

  it("TACO's provider reads the framing: text, and the call assembled from its pieces", async () => {
    const fake = await startFakeOpenAi({
      scenario: {
        name: 'provider',
        models: [{ id: MODEL, tools: true }],
        replies: [{ type: 'tool-calls', calls: [{ name: 'read_file', arguments: { path: 'notes/a.txt' } }], text: 'Reading.' }],
        routes: { 'GET /props': llamaCppPropsCaptured },
        framing: 'llama-cpp',
      },
    });
    running.push(fake);
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 32_768 });
    const chunks: ProviderChunk[] = [];
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'read_file', description: 'Reads.', parameters: { type: 'object' as const, properties: {}, required: [] } },
      },
    ];
    for await (const chunk of provider.streamChat({
      model: MODEL,
      messages: [{ role: 'user', content: 'hi' }],
      tools,
      signal: new AbortController().signal,
    }))
      chunks.push(chunk);

    expect(
      chunks
        .filter((chunk) => chunk.type === 'text')
        .map((chunk) => (chunk.type === 'text' ? chunk.text : ''))
        .join(''),
    ).toBe('Reading.');
    const calls = chunks.find((chunk) => chunk.type === 'tool-calls');
    expect(calls?.type === 'tool-calls' ? calls.calls.map((call) => [call.function.name, call.function.arguments]) : []).toEqual([
      ['read_file', { path: 'notes/a.txt' }],
    ]);
  });
});
