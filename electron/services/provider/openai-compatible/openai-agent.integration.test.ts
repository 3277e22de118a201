import { afterEach, describe, expect, it } from 'vitest';
import {
  lastUserContent,
  openAiModels,
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiScenario,
} from '../../../../test-support/fake-openai/index';
import { runAgent } from '../../agent/loop/run-agent';
import { createHarness } from '../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from './openai-provider';

const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function providerFor(scenario: Partial<OpenAiScenario>) {
  const fake = await startFakeOpenAi({
    scenario: { name: 'loop', models: [openAiModels.withTools('tooly'), openAiModels.withoutTools('plain')], replies: [], ...scenario },
  });
  running.push(fake);
  return { fake, provider: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 8192 }) };
}

const readFile = () =>
  testTool({
    id: 'read_file',
    description: 'Read a text file from the workspace.',
    parameters: { path: { type: 'string', description: 'File path relative to the workspace.' } },
    run: (args) => `contents of ${String(args['path'])}`,
  });

const streamed = (fake: FakeOpenAi) =>
  fake.requests.filter((request) => request.path === '/v1/chat/completions' && request.body?.stream === true);

describe('the real agent loop over an OpenAI-compatible server (fake server, real openai client)', () => {
  it('a plain chat streams to complete with usage', async () => {
    const { provider } = await providerFor({ replies: [openAiReply.text('Hello there, how can I help?')] });
    const h = createHarness({ provider, model: 'tooly', tools: testRegistry(readFile()), userText: 'Hi' });
    const outcome = await runAgent(h.input);
    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe('Hello there, how can I help?');
    expect(h.of('usage')).toHaveLength(1);
  });

  it('a multi-round tool task: native tool calls, results sent back with their call ids, then the answer', async () => {
    const { fake, provider } = await providerFor({
      replies: [
        openAiReply.toolCall('read_file', { path: 'a.txt' }),
        openAiReply.toolCall('read_file', { path: 'b.txt' }),
        (request) => openAiReply.text(`Both read; last result: ${JSON.stringify(request.messages.at(-1)?.content ?? '').slice(0, 30)}`),
      ],
    });
    const h = createHarness({ provider, model: 'tooly', tools: testRegistry(readFile()), userText: 'Read a.txt and b.txt' });
    const outcome = await runAgent(h.input);
    expect(outcome.reason).toBe('complete');
    expect(h.of('tool-result')).toHaveLength(2);
    const third = streamed(fake)[2]?.body;
    const messages = (third?.messages ?? []) as Array<Record<string, unknown>>;
    const assistant = messages.filter((message) => message.role === 'assistant');
    const tools = messages.filter((message) => message.role === 'tool');
    expect(assistant.map((message) => (message.tool_calls as Array<{ id: string }>)[0]?.id)).toEqual(
      tools.map((message) => message.tool_call_id),
    );
    expect(tools.map((message) => message.content)).toEqual([
      expect.stringContaining('contents of a.txt'),
      expect.stringContaining('contents of b.txt'),
    ]);
    expect(third?.tools).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'read_file' }) })]);
  });

  it('a model without tool support: the probe says no, the loop runs the prompt-based JSON format, tools are never sent', async () => {
    const { fake, provider } = await providerFor({
      replies: [
        openAiReply.text('{"tool": "read_file", "parameters": {"path": "a.txt"}, "terminate": false}'),
        (request) =>
          openAiReply.text(lastUserContent(request).includes('contents of a.txt') ? 'The file says: contents of a.txt' : 'no result seen'),
      ],
    });
    const h = createHarness({ provider, model: 'plain', tools: testRegistry(readFile()), userText: 'What is in a.txt?' });
    const outcome = await runAgent(h.input);
    expect(outcome.reason).toBe('complete');
    expect(h.text()).toBe('The file says: contents of a.txt');
    expect(h.of('tool-result')).toHaveLength(1);
    expect(streamed(fake).every((request) => request.body?.tools === undefined)).toBe(true);
    const probes = fake.requests.filter((request) => request.body?.stream !== true && request.body?.max_tokens === 1);
    expect(probes).toHaveLength(1);
  });

  it('thinking from reasoning_content reaches thinking-delta events', async () => {
    const { provider } = await providerFor({ replies: [openAiReply.thinking('Let me think.', 'Answer.')] });
    const h = createHarness({ provider, model: 'tooly', tools: testRegistry(readFile()), userText: 'Hi' });
    expect((await runAgent(h.input)).reason).toBe('complete');
    expect(
      h
        .of('thinking-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Let me think.');
  });

  it('an error ends the run with provider_error and the words', async () => {
    const { provider } = await providerFor({ replies: [openAiReply.httpError(401, 'bad key')] });
    const h = createHarness({ provider, model: 'tooly', tools: testRegistry(readFile()), userText: 'Hi' });
    const outcome = await runAgent(h.input);
    expect(outcome.reason).toBe('provider_error');
    expect(h.of('run-finish')[0]?.error).toMatch(/check the token/);
  });
});
