import { afterEach, describe, expect, it } from 'vitest';
import {
  openAiReply,
  startFakeOpenAi,
  type FakeOpenAi,
  type OpenAiReply,
  type OpenAiScenario,
} from '../../../../../test-support/fake-openai/index';
import {
  llamaCppCutMidArgumentsStream,
  llamaCppInputTokens2621,
  llamaCppPropsCaptured,
  llamaCppTokenize2621,
} from '../../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry, testTool } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/*
 * Against llama.cpp 82bb48500a9a: a 2,048-token slot (props.raw), 16 tools. TACO
 * estimated 2,203 tokens where the server counted 2,621, and all 16 tools went out into a 400.
 * The counts come from the server's own routes (read from source, not captured: llama-cpp-replays.ts).
 */

const MODEL = 'model/tiny-chatml.gguf';
const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

const replayed = (replay: Replay): OpenAiReply => ({ type: 'replay', replay });

/** Sixteen tools whose definitions take `descriptionChars` characters of description each. */
function sixteenTools(descriptionChars: number) {
  return Array.from({ length: 16 }, (_, index) =>
    testTool({
      id: `tool_${String(index).padStart(2, '0')}`,
      description: `Tool ${index}: ${'does a thing with the file it is given. '.repeat(Math.ceil(descriptionChars / 40))}`.slice(
        0,
        descriptionChars,
      ),
      parameters: { path: { type: 'string' } },
    }),
  );
}

async function start(scenario: Partial<OpenAiScenario>) {
  const fake = await startFakeOpenAi({
    scenario: { name: 'fit', models: [{ id: MODEL, tools: true }], replies: [openAiReply.text('Done.')], ...scenario },
  });
  running.push(fake);
  return { fake, provider: createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, maxContextTokens: 32_768 }) };
}

const streamed = (fake: FakeOpenAi) =>
  fake.requests.filter((request) => request.path === '/v1/chat/completions' && request.body?.['stream'] === true);
const toolsSent = (fake: FakeOpenAi, index: number): string[] =>
  ((streamed(fake)[index]?.body?.['tools'] ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name);

describe("tools fitted to llama.cpp's window with its own token count", () => {
  // ~120 characters a tool: 16 of them fit 1,536 tokens by TACO's 4-characters estimate, not by the server's count.
  const tools = sixteenTools(120);

  it('/v1/chat/completions/input_tokens counts more than the estimate: fewer tools go out, and the run says so', async () => {
    const { fake, provider } = await start({
      routes: { 'GET /props': llamaCppPropsCaptured, 'POST /v1/chat/completions/input_tokens': llamaCppInputTokens2621 },
    });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(...tools), userText: 'Summarise notes.md' });

    await runAgent(h.input);

    const counted = fake.requests.find((request) => request.path === '/v1/chat/completions/input_tokens');
    expect((counted?.body?.['tools'] as unknown[] | undefined)?.length).toBe(16);
    const sent = toolsSent(fake, 0);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(16);
    expect(h.statuses()).toContain(
      `Offered ${sent.length} of 16 tools: the other ${16 - sent.length} do not fit the model's 2048-token context.`,
    );
    expect(h.of('tools-offered').at(-1)).toMatchObject({ offered: sent, narrowed: true });
  });

  it('an older server without that route (404) is asked /tokenize, then not asked the missing route again', async () => {
    const { fake, provider } = await start({
      routes: { 'GET /props': llamaCppPropsCaptured, 'POST /tokenize': llamaCppTokenize2621 },
      replies: [openAiReply.text('Done.'), openAiReply.text('Again.')],
    });
    const first = createHarness({ provider, model: MODEL, tools: testRegistry(...tools), userText: 'Summarise notes.md' });
    await runAgent(first.input);
    const second = createHarness({ provider, model: MODEL, tools: testRegistry(...tools), userText: 'And todo.md' });
    await runAgent(second.input);

    expect(toolsSent(fake, 0).length).toBeLessThan(16);
    expect(toolsSent(fake, 1).length).toBeLessThan(16);
    expect(fake.requests.filter((request) => request.path === '/v1/chat/completions/input_tokens')).toHaveLength(1);
    expect(fake.requests.filter((request) => request.path === '/tokenize')).toHaveLength(2);
  });

  it('a server that cannot count still gets no more tools than the estimate fits (all 16 went out into a 400)', async () => {
    const { fake, provider } = await start({ routes: { 'GET /props': llamaCppPropsCaptured } });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(...sixteenTools(600)), userText: 'Summarise notes.md' });

    await runAgent(h.input);

    expect(toolsSent(fake, 0).length).toBeLessThan(16);
    expect(h.statuses().some((status) => status.includes("do not fit the model's 2048-token context"))).toBe(true);
  });

  it('the window with room for every tool cuts none and says nothing', async () => {
    const { fake, provider } = await start({ routes: { 'GET /props': llamaCppPropsCaptured } });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(...sixteenTools(40)), userText: 'Summarise notes.md' });

    await runAgent(h.input);

    expect(toolsSent(fake, 0)).toHaveLength(16);
    expect(h.statuses().some((status) => status.includes('do not fit'))).toBe(false);
  });
});

describe('a call cut by a full context: room is made with fewer tools when no old turn is left to drop', () => {
  it('the repair request carries fewer tools than the cut one, and says so', async () => {
    const fullContext: Replay = {
      ...llamaCppCutMidArgumentsStream,
      // The captured cut (max_tokens 98), its usage as a full 2048 slot would report it.
      writes: llamaCppCutMidArgumentsStream.writes.map((write) => write.replace('"prompt_tokens":228', '"prompt_tokens":1950')),
    };
    const readFile = testTool({ id: 'read_file', parameters: { path: { type: 'string' } } });
    // Tools that fit the 1,536-token budget, but not with the 98 tokens the cut reply took kept free as well.
    const { fake, provider } = await start({
      routes: { 'GET /props': llamaCppPropsCaptured },
      replies: [replayed(fullContext), openAiReply.text('Shorter: done.')],
    });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(readFile, ...sixteenTools(130)), userText: 'Read notes.md' });

    await runAgent(h.input);

    const first = toolsSent(fake, 0);
    const repair = toolsSent(fake, 1);
    expect(first.length).toBe(17);
    expect(repair.length).toBeLessThan(first.length);
    expect(h.statuses()).toContain(
      `Offered ${repair.length} of 17 tools: the other ${17 - repair.length} do not fit the model's 2048-token context.`,
    );
  });
});
