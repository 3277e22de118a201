import { afterEach, describe, expect, it } from 'vitest';
import { llama32, standardModels, startFakeOllama, type FakeOllama } from '../../../../test-support/fake-ollama/index';
import { promptCutByRunner } from '../../../../test-support/replays/ollama-replays';
import { createOllamaProvider } from '../../provider/ollama/ollama-provider';
import type { StepUsage } from '../../provider/provider-types';
import { usageFigures } from './usage-report';

let fake: FakeOllama | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe('a prompt cut by the runner, as real Ollama reports it', () => {
  it('prompt_eval_count 2051 at num_ctx 4096 (keep 4 + BOS) is read as truncated', async () => {
    fake = await startFakeOllama({
      scenario: {
        name: 'cut',
        description: 'runner cut',
        models: standardModels(),
        replies: [{ type: 'replay', replay: promptCutByRunner }],
      },
    });
    const provider = createOllamaProvider({ host: fake.url, maxContextTokens: 32_768 });
    let usage: StepUsage | null = null;
    const stream = provider.streamChat({
      model: llama32.name,
      messages: [{ role: 'user', content: 'hi' }],
      numCtx: 4096,
      signal: new AbortController().signal,
    });
    for await (const chunk of stream) if (chunk.type === 'done') usage = chunk.usage;

    expect(usage).not.toBeNull();
    expect(usageFigures(usage as unknown as StepUsage, 3000)).toEqual(expect.objectContaining({ truncated: true, promptTokens: 2051 }));
  });
});
