import { afterEach, describe, expect, it } from 'vitest';
import { openAiReply, startFakeOpenAi, type FakeOpenAi, type OpenAiScenario } from '../../../../test-support/fake-openai/index';
import { fakePromptTokens } from '../../../../test-support/fake-openai/fake-context-window';
import { llamaCppPropsCaptured } from '../../../../test-support/replays/llama-cpp-replays';
import { runAgent } from '../../agent/loop/run-agent';
import { createHarness } from '../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from './openai-provider';

/*
 * A llama-server with a 2,048-token slot (props.raw) that refuses, by its own count, any prompt
 * longer than that with the real 400 exceed_context_size_error. The catalogue is larger than the
 * tool budget, so every request carries a selection that must be fitted to the window again: a
 * later step's prompt is longer (the tool's result), so it carries fewer tools than the first.
 * The tools never to cut (core tools, the tool the run used, the tool the prompt names) sit at
 * the END of the list, where trimming starts.
 */

const MODEL = 'model/tiny-chatml.gguf';
const CONTEXT = 2048;
const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const describedAs = (index: number) =>
  `Tool ${index}: ${'does a thing with the file it is given and reports back. '.repeat(4)}`.slice(0, 200);

/** Thirty tools, then two core tools last. */
function catalogue(extra: { calledResult?: string } = {}) {
  const plain = Array.from({ length: 30 }, (_, index) =>
    testTool({
      id: `tool_${String(index).padStart(2, '0')}`,
      description: describedAs(index),
      parameters: { path: { type: 'string' } },
      run: () => extra.calledResult ?? 'ok',
    }),
  );
  const core = ['stop_and_think', 'plan_next_steps'].map((id) => testTool({ id, description: describedAs(99), parameters: {} }));
  return [...plain, ...core];
}

async function start(scenario: Partial<OpenAiScenario>) {
  const fake = await startFakeOpenAi({
    scenario: {
      name: 'fit-every-request',
      models: [{ id: MODEL, tools: true }],
      replies: [openAiReply.text('Done.')],
      routes: { 'GET /props': llamaCppPropsCaptured },
      contextTokens: CONTEXT,
      ...scenario,
    },
  });
  running.push(fake);
  return { fake, provider: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 32_768 }) };
}

const streamed = (fake: FakeOpenAi) =>
  fake.requests.filter((request) => request.path === '/v1/chat/completions' && request.body?.['stream'] === true);
const toolsOf = (body: Record<string, unknown> | null | undefined): string[] =>
  ((body?.['tools'] ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name);

/** The plain tool the first request offered last: the one trimming reaches first after the core tools. */
let called = '';

describe('a run with more tools than fit a 2,048-token llama-server: every request fitted to the window', () => {
  it('a two-step run completes, each request within the window by the server count, the later one with fewer tools', async () => {
    const { fake, provider } = await start({
      replies: [
        (request) => {
          const names = (request.tools ?? []).map((tool) => (tool['function'] as { name: string }).name);
          called = names.filter((name) => name.startsWith('tool_')).at(-1) ?? '';
          return openAiReply.toolCall(called, { path: 'notes.md' });
        },
        openAiReply.text('Done.'),
      ],
    });
    const h = createHarness({
      provider,
      model: MODEL,
      toolBudget: 16,
      tools: testRegistry(...catalogue({ calledResult: 'line of the file\n'.repeat(60) })),
      userText: 'Summarise notes.md',
    });

    await runAgent(h.input);

    expect(h.text()).toContain('Done.');
    const requests = streamed(fake);
    expect(requests).toHaveLength(2);
    for (const request of requests) expect(fakePromptTokens(request.body ?? {})).toBeLessThanOrEqual(CONTEXT);
    const [first, second] = requests.map((request) => toolsOf(request.body));
    expect(first?.length).toBeLessThan(16);
    expect(second?.length).toBeLessThan(first?.length ?? 0);
    // Never cut: the core tools at the end, and the tool the run used.
    expect(second).toEqual(expect.arrayContaining(['stop_and_think', 'plan_next_steps', called]));
    expect(first).toEqual(expect.arrayContaining(['stop_and_think', 'plan_next_steps']));
    expect(called).not.toBe('');
  });

  it('the tool the prompt names is never cut, though it comes last among the plain tools', async () => {
    const { fake, provider } = await start({});
    const h = createHarness({
      provider,
      model: MODEL,
      toolBudget: 16,
      tools: testRegistry(...catalogue()),
      userText: 'Use tool_29 on notes.md',
    });

    await runAgent(h.input);

    const first = toolsOf(streamed(fake)[0]?.body);
    expect(first.length).toBeLessThan(16);
    expect(first).toContain('tool_29');
    expect(fakePromptTokens(streamed(fake)[0]?.body ?? {})).toBeLessThanOrEqual(CONTEXT);
  });

  it('the token count carries the schema the server can compile: no count is refused at any step', async () => {
    const { fake, provider } = await start({
      replies: [openAiReply.toolCall('lookup', { code: '123' }), openAiReply.text('Done.')],
    });
    const lookup = testTool({ id: 'lookup', parameters: { code: { type: 'string' } } });
    // An unanchored pattern, which llama.cpp refuses to compile (tool-schema-acceptance.json).
    const parameters = lookup.definition.function.parameters as { properties: Record<string, Record<string, unknown>> };
    parameters.properties['code'] = { ...parameters.properties['code'], pattern: '[0-9]{3}' };
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(lookup), userText: 'Look up 123' });

    await runAgent(h.input);

    expect(h.text()).toContain('Done.');
    const counts = fake.requests.filter((request) => request.path === '/v1/chat/completions/input_tokens');
    expect(counts.length).toBeGreaterThanOrEqual(2);
    for (const count of counts) expect(JSON.stringify(count.body?.['tools'])).not.toContain('"pattern"');
  });
});
