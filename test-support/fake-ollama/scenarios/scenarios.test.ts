import { Ollama, type ChatResponse } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeOllama } from '../fake-ollama-server';
import { SCENARIOS, findScenario } from './index';
import { SLOW_STREAM_CHUNKS, SLOW_STREAM_DELAY_MS } from './chat/slow-stream';
import { requestedTokens } from './chat/long-stream';

const running: FakeOllama[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

describe('scenario table', () => {
  it('lists every scenario under its own name, with the models it promises', () => {
    for (const [name, scenario] of Object.entries(SCENARIOS)) expect(scenario.name).toBe(name);
    for (const name of [
      'basic-chat',
      'thinking',
      'slow-stream',
      'mid-stream-error',
      'http-error-500',
      'truncated-stream',
      'model-not-found',
      'pull-progress',
      'long-stream',
    ]) {
      expect(findScenario(name).name).toBe(name);
    }
    const models = findScenario('basic-chat').models;
    expect(models.find((model) => model.name === 'gemma:2b')?.capabilities).toEqual(['completion']);
    expect(models.find((model) => model.name === 'qwen3:4b')?.capabilities).toEqual(expect.arrayContaining(['tools', 'thinking']));
    expect(() => findScenario('missing')).toThrow(/Known scenarios: .*basic-chat/);
  });

  it('slow-stream has about forty chunks a tenth of a second apart', () => {
    const slow = findScenario('slow-stream').whenExhausted;
    expect(slow && typeof slow !== 'function' && slow.type === 'chunks' ? [slow.chunks.length, slow.delayMs] : null).toEqual([
      SLOW_STREAM_CHUNKS,
      SLOW_STREAM_DELAY_MS,
    ]);
  });

  it('long-stream takes N from "N tokens" in the message, else num_predict, else its default', () => {
    const base = { model: 'm', stream: true, tools: null, think: undefined, body: {}, call: 1 };
    expect(requestedTokens({ ...base, messages: [{ role: 'user', content: 'give me 1,500 tokens' }], options: {} }, 9)).toBe(1500);
    expect(requestedTokens({ ...base, messages: [{ role: 'user', content: 'go' }], options: { num_predict: 7 } }, 9)).toBe(7);
    expect(requestedTokens({ ...base, messages: [], options: {} }, 9)).toBe(9);
  });

  it('tool-round-trip calls list_directory, then answers from the tool result', async () => {
    const fake = await startFakeOllama({ scenario: 'tool-round-trip' });
    running.push(fake);
    const client = new Ollama({ host: fake.url });
    const read = async (
      messages: Array<{ role: string; content: string; tool_name?: string; tool_calls?: ChatResponse['message']['tool_calls'] }>,
    ) => {
      const parts: ChatResponse[] = [];
      for await (const part of await client.chat({ model: 'llama3.2:3b', messages, stream: true })) parts.push(part);
      return parts;
    };
    const first = await read([{ role: 'user', content: 'what is here?' }]);
    const calls = first.flatMap((part) => part.message.tool_calls ?? []);
    expect(calls).toEqual([{ id: 'call_00000100', function: { index: 0, name: 'list_directory', arguments: { path: '.' } } }]);
    const second = await read([
      { role: 'user', content: 'what is here?' },
      { role: 'assistant', content: '', tool_calls: calls },
      { role: 'tool', content: 'a.txt\nb.txt', tool_name: 'list_directory' },
    ]);
    expect(second.map((part) => part.message.content).join('')).toBe('The list_directory result starts with: a.txt');
  });
});
