import { afterEach, describe, expect, it } from 'vitest';
import { llama32, standardModels, startFakeOllama, type FakeOllama } from '../../../../test-support/fake-ollama/index';
import { harmonyCallOnDoneLine, parallelToolCalls } from '../../../../test-support/replays/ollama-replays';
import type { Replay } from '../../../../test-support/replays/replay-types';
import { createOllamaProvider } from './ollama-provider';
import type { ProviderChunk } from '../provider-types';

let fake: FakeOllama | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function chunksOf(replay: Replay): Promise<ProviderChunk[]> {
  fake = await startFakeOllama({
    scenario: { name: 'replay', description: 'real bytes', models: standardModels(), replies: [{ type: 'replay', replay }] },
  });
  const provider = createOllamaProvider({ host: fake.url, maxContextTokens: 8192 });
  const chunks: ProviderChunk[] = [];
  for await (const chunk of provider.streamChat({
    model: llama32.name,
    messages: [{ role: 'user', content: 'hi' }],
    signal: new AbortController().signal,
  }))
    chunks.push(chunk);
  return chunks;
}

const calls = (chunks: ProviderChunk[]) => chunks.flatMap((chunk) => (chunk.type === 'tool-calls' ? chunk.calls : []));

describe('tool calls as real Ollama sends them', () => {
  it('gpt-oss: the call on the done:true line itself is read, then done', async () => {
    const chunks = await chunksOf(harmonyCallOnDoneLine);
    expect(calls(chunks).map((call) => call.function)).toEqual([{ name: 'read_file', arguments: { path: 'a.txt' } }]);
    expect(chunks.at(-1)?.type).toBe('done');
  });

  it('two calls in one message, with ids and function.index, are both read in order', async () => {
    const chunks = await chunksOf(parallelToolCalls);
    expect(calls(chunks).map((call) => call.function.arguments)).toEqual([{ path: 'a.txt' }, { path: 'b.txt' }]);
  });
});
