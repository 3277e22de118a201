import { afterEach, describe, expect, it } from 'vitest';
import { llama32, standardModels, startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/index';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test-support/fake-openai/index';
import { promptLongerThanContext } from '../../../test-support/replays/ollama-replays';
import type { Replay } from '../../../test-support/replays/replay-types';
import { createOllamaProvider } from './ollama/ollama-provider';
import { createOpenAiCompatibleProvider } from './openai-compatible/openai-provider';
import { providerErrorText } from './provider-error-mapping';
import type { ChatProvider } from './provider-types';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const signal = new AbortController().signal;

async function failureOf(provider: ChatProvider, model: string): Promise<unknown> {
  try {
    for await (const chunk of provider.streamChat({ model, messages: [{ role: 'user', content: 'hi' }], signal })) void chunk;
    return null;
  } catch (error) {
    return error;
  }
}

/** vLLM's v1 engine wording (vllm/v1/engine/processor.py _validate_model_input), as an OpenAI error body. */
const vllmDecoderPromptTooLong: Replay = {
  origin: 'vLLM v1 engine processor _validate_model_input ("The decoder prompt (length N) is longer than the maximum model length of M")',
  status: 400,
  headers: { 'Content-Type': 'application/json' },
  writes: [
    '{"object":"error","message":"The decoder prompt (length 9120) is longer than the maximum model length of 8192. Make sure that `max_model_len` is no smaller than the number of text tokens.","type":"BadRequestError","param":null,"code":400}',
  ],
};

describe('the prompt does not fit: each real form is said as a context problem with what to do', () => {
  it('Ollama HTTP 400 "the prompt is longer than the context length…"', async () => {
    const fake: FakeOllama = await startFakeOllama({
      scenario: {
        name: 'ctx',
        description: 'too long',
        models: standardModels(),
        replies: [{ type: 'replay', replay: promptLongerThanContext }],
      },
    });
    closers.push(() => fake.close());
    const error = await failureOf(createOllamaProvider({ host: fake.url, maxContextTokens: 8192 }), llama32.name);

    expect(providerErrorText(error)).toContain("does not fit the model's context");
    expect(providerErrorText(error)).toContain('Raise the context size');
  });

  it('vLLM\'s "longer than the maximum model length" wording', async () => {
    const fake: FakeOpenAi = await startFakeOpenAi({
      scenario: { name: 'ctx', models: [{ id: 'm', tools: false }], replies: [{ type: 'replay', replay: vllmDecoderPromptTooLong }] },
    });
    closers.push(() => fake.close());
    const error = await failureOf(
      createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192, toolSupport: { m: false } }),
      'm',
    );

    expect(providerErrorText(error)).toContain("does not fit the model's context");
    expect(providerErrorText(error)).not.toMatch(/ollama/i);
  });
});
