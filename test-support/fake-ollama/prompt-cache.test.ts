import { Ollama } from 'ollama';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../cleanups';
import { PROMPT_COSTS, commonPrefixLength, createPromptCache, renderServerPrompt } from './prompt-cache';
import { reply } from './reply-builders';
import { startFakeOllama } from './fake-ollama-server';
import { standardModels } from './scenarios/models/standard-models';

const cleanups = cleanupAfterEach();
const tool = { type: 'function', function: { name: 'calculate', description: 'Math.', parameters: { type: 'object', properties: {} } } };

describe('the prompt as the server renders it', () => {
  it('puts the tools first, then every system message joined, then the conversation; consecutive turns of a role join', () => {
    const prompt = renderServerPrompt({
      tools: [tool],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'user', content: 'there' },
        { role: 'system', content: 'Late system text.' },
      ],
    });
    expect(prompt).toBe(`<tools>${JSON.stringify([tool])}</tools><system>Be brief.\n\nLate system text.<user>Hi\n\nthere`);
    expect(commonPrefixLength('abcd', 'abXd')).toBe(2);
  });
});

describe('the prompt cache and the scheduler, as Ollama reports them', () => {
  const parts = (content: string[], numCtx = 4096) => ({
    model: 'm',
    tools: null,
    messages: content.map((text, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: text })),
    options: { num_ctx: numCtx },
  });

  it('counts the whole prompt but takes time only for what follows the cached prefix; a num_ctx change reloads with an empty cache', () => {
    const cache = createPromptCache();
    const first = cache.evaluate(parts(['x'.repeat(400)]));
    expect(first).toEqual(expect.objectContaining({ reloaded: true, cachedTokens: 0, loadDurationNs: PROMPT_COSTS.loadNs }));
    const second = cache.evaluate(parts(['x'.repeat(400), 'y'.repeat(40), 'z'.repeat(40)]));
    expect(second.reloaded).toBe(false);
    expect(second.loadDurationNs).toBe(PROMPT_COSTS.loadedNs);
    expect(second.cachedTokens).toBeGreaterThanOrEqual(100);
    expect(second.promptEvalCount).toBeGreaterThan(second.cachedTokens);
    expect(second.promptEvalDurationNs).toBe((second.promptEvalCount - second.cachedTokens) * PROMPT_COSTS.evalNsPerToken);
    const reloaded = cache.evaluate(parts(['x'.repeat(400), 'y'.repeat(40), 'z'.repeat(40)], 8192));
    expect(reloaded).toEqual(expect.objectContaining({ reloaded: true, cachedTokens: 0, loadDurationNs: PROMPT_COSTS.loadNs }));
  });

  it('reaches the client in the done chunk when the fake runs with promptCache', async () => {
    const fake = await startFakeOllama({
      scenario: { name: 'cache', description: '', models: standardModels(), replies: [reply.text('One.'), reply.text('Two.')] },
      promptCache: true,
    });
    cleanups.defer(() => fake.close());
    const client = new Ollama({ host: fake.url });
    const messages = [{ role: 'user', content: 'Tell me a long story about caches. '.repeat(20) }];
    const first = await client.chat({ model: 'llama3.2:3b', messages, options: { num_ctx: 4096 } });
    const second = await client.chat({
      model: 'llama3.2:3b',
      messages: [...messages, { role: 'assistant', content: 'One.' }, { role: 'user', content: 'More.' }],
      options: { num_ctx: 4096 },
    });
    expect(first.load_duration).toBe(PROMPT_COSTS.loadNs);
    expect(second.load_duration).toBe(PROMPT_COSTS.loadedNs);
    expect(second.prompt_eval_count).toBeGreaterThan(first.prompt_eval_count);
    expect(second.prompt_eval_duration).toBeLessThan(first.prompt_eval_duration);
  });
});
