import { afterEach, describe, expect, it } from 'vitest';
import { openAiModels, openAiReply, startFakeOpenAi, type FakeOpenAi } from '../../../../test-support/fake-openai/index';
import { collect, textOf, userSays } from '../provider-test-helpers';
import { buildStepRequest } from '../ollama/chat/chat-request-builder';
import { createOpenAiCompatibleProvider } from './openai-provider';
import { llamaCppExceedContext } from '../../../../test-support/replays/llama-cpp-replays';

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const SCHEMA = {
  anyOf: [{ type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false }],
};
const signal = new AbortController().signal;

describe('the constrained reply format on the wire', () => {
  it('Ollama: the schema goes out as `format`', () => {
    const body = buildStepRequest(
      { model: 'gemma:2b', messages: userSays('hi'), format: SCHEMA, signal },
      { tools: false, thinking: false, vision: false, contextLength: 2048 },
      2048,
    );
    expect(body.format).toEqual(SCHEMA);
    expect(
      buildStepRequest(
        { model: 'gemma:2b', messages: userSays('hi'), signal },
        { tools: false, thinking: false, vision: false, contextLength: 2048 },
        2048,
      ).format,
    ).toBeUndefined();
  });

  it('OpenAI-compatible: `response_format` json_schema (the shape llama.cpp and vLLM read), and the answer streams back', async () => {
    const fake = await startFakeOpenAi({
      scenario: { name: 'format', models: [openAiModels.withoutTools('plain')], replies: [openAiReply.text('{"answer": "Hi."}')] },
    });
    running.push(fake);
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192 });
    const chunks = await collect(provider.streamChat({ model: 'plain', messages: userSays('hi'), format: SCHEMA, signal }));
    expect(textOf(chunks)).toBe('{"answer": "Hi."}');
    const sent = fake.requests
      .filter((request) => request.path === '/v1/chat/completions')
      .map((request) => request.body as Record<string, unknown>);
    expect(sent.at(-1)?.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'taco_reply', schema: SCHEMA } });
  });

  it('a server that answers 400 to response_format gets the step again without it, and is not asked again for that model', async () => {
    const fake = await startFakeOpenAi({
      scenario: {
        name: 'no-format',
        models: [openAiModels.withoutTools('plain')],
        // A server without structured output: 400 to the request that carries it (OpenAI's own wording).
        replies: [openAiReply.httpError(400, 'Unrecognized request argument supplied: response_format'), openAiReply.text('Plain answer.')],
        whenExhausted: openAiReply.text('Second answer.'),
      },
    });
    running.push(fake);
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192 });
    const first = await collect(provider.streamChat({ model: 'plain', messages: userSays('hi'), format: SCHEMA, signal }));
    expect(textOf(first)).toBe('Plain answer.');
    const second = await collect(provider.streamChat({ model: 'plain', messages: userSays('again'), format: SCHEMA, signal }));
    expect(textOf(second)).toBe('Second answer.');
    const sent = fake.requests
      .filter((request) => request.path === '/v1/chat/completions')
      .map((request) => request.body as Record<string, unknown>)
      .filter((body) => body.stream === true);
    expect(sent.map((body) => body.response_format !== undefined)).toEqual([true, false, false]);
  });

  const requestErrors = [
    ['an overflow (llama.cpp exceed_context_size_error)', { type: 'replay', replay: llamaCppExceedContext }],
    ['a model not loaded', openAiReply.httpError(400, 'model is not loaded')],
    ['a bad tool schema', openAiReply.httpError(400, 'JSON schema conversion failed: Unrecognized schema')],
  ] as const;
  for (const [what, reply] of requestErrors) {
    it(`${what}: the 400 is the request's, the grammar stays on for the next request`, async () => {
      const fake = await startFakeOpenAi({
        scenario: {
          name: 'format-kept',
          models: [openAiModels.withTools('plain')],
          replies: [reply, openAiReply.text('{"answer": "Hi."}')],
        },
      });
      running.push(fake);
      const provider = createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192 });
      const tools =
        what === 'a bad tool schema'
          ? {
              tools: [
                {
                  type: 'function' as const,
                  function: { name: 't', description: 'd', parameters: { type: 'object' as const, properties: {}, required: [] } },
                },
              ],
            }
          : {};
      await expect(
        collect(provider.streamChat({ model: 'plain', messages: userSays('hi'), format: SCHEMA, signal, ...tools })),
      ).rejects.toThrow();
      await collect(provider.streamChat({ model: 'plain', messages: userSays('again'), format: SCHEMA, signal }));
      const sent = fake.requests
        .filter((request) => request.path === '/v1/chat/completions')
        .map((request) => request.body as Record<string, unknown>)
        .filter((body) => body.stream === true);
      expect(sent.map((body) => body.response_format !== undefined)).toEqual([true, true]);
    });
  }
});
