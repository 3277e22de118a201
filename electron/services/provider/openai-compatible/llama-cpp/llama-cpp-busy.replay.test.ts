import { afterEach, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../../shared/contract/events';
import { openAiReply, startFakeOpenAi, type FakeOpenAi, type OpenAiScenario } from '../../../../../test-support/fake-openai/index';
import { llamaCppPropsCaptured, llamaCppSlotsCaptured, llamaCppUnknownPath } from '../../../../../test-support/replays/llama-cpp-replays';
import type { Replay } from '../../../../../test-support/replays/replay-types';
import { runAgent } from '../../../agent/loop/run-agent';
import { createHarness } from '../../../agent/testing/run-harness';
import { testRegistry } from '../../../agent/testing/test-tools';
import { createOpenAiCompatibleProvider } from '../openai-provider';

/*
 * llama.cpp 82bb48500a9a with `-np 1` (captured: concurrent-np1.json, slots.raw)
 * gives a second request no headers until the slot frees, while /props and /slots answer at once.
 * The fake holds the headers the same way (test-support/fake-openai/fake-slots.ts).
 */

const MODEL = 'model/tiny-chatml.gguf';
const running: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

async function start(routes: OpenAiScenario['routes']) {
  const fake = await startFakeOpenAi({
    scenario: { name: 'busy', models: [{ id: MODEL, tools: true }], replies: [openAiReply.text('Free now.')], routes, slots: 1 },
  });
  running.push(fake);
  // Ask the slots at once, and read them again at once (the defaults wait 3 s, then 0.5 s).
  const provider = createOpenAiCompatibleProvider({
    baseUrl: fake.baseUrl,
    maxContextTokens: 32_768,
    busyCheckAfterMs: 0,
    busyRecheckMs: 0,
  });
  return { fake, provider };
}

/** A harness whose events also resolve `seen` when one matches. */
function watching(provider: ReturnType<typeof createOpenAiCompatibleProvider>, match: (event: TacoEvent) => boolean) {
  let found: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (found = resolve));
  const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Hello' });
  const record = h.input.emit;
  h.input.emit = (event) => {
    record(event);
    if (match(event)) found();
  };
  return { h, seen };
}

describe('llama.cpp with its one slot busy', () => {
  it('the step says the server is busy (not offline, not slow), waits for the slot, and answers once it frees', async () => {
    const { fake, provider } = await start({ 'GET /props': llamaCppPropsCaptured });
    const release = fake.occupySlot();
    const { h, seen } = watching(provider, (event) => event.type === 'status' && event.text.includes('is busy'));

    const outcome = runAgent(h.input);
    await seen;
    release();

    expect((await outcome).reason).toBe('complete');
    expect(h.text()).toBe('Free now.');
    const busy = h.statuses().find((status) => status.includes('is busy')) ?? '';
    expect(busy).toContain('its one slot is answering other requests');
    expect(busy).not.toMatch(/offline|did not answer|cannot reach/i);
    expect(h.of('run-finish')[0]?.error).toBeNull();
  });

  it('a slot reading a prompt (it may be this very request) is not called busy: its n_decoded does not grow', async () => {
    // slots.raw as captured, with the slot at work: the same task and count at every read.
    const readingPrompt: Replay = {
      ...llamaCppSlotsCaptured,
      writes: llamaCppSlotsCaptured.writes.map((write) => write.replace('"is_processing":false', '"is_processing":true')),
    };
    let release: () => void = () => undefined;
    const { fake, provider } = await start({
      'GET /props': llamaCppPropsCaptured,
      'GET /slots': (call) => {
        if (call === 2) setImmediate(() => release());
        return readingPrompt;
      },
    });
    release = fake.occupySlot();
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Hello' });

    await runAgent(h.input);

    expect(fake.requests.filter((request) => request.path === '/slots')).toHaveLength(2);
    expect(h.statuses().some((status) => status.includes('busy'))).toBe(false);
    expect(h.text()).toBe('Free now.');
  });

  it('a slot whose task changed between the reads, the new task generating, is busy (one request ended, another began)', async () => {
    const atWork = (task: number, decoded: number): Replay => ({
      ...llamaCppSlotsCaptured,
      writes: llamaCppSlotsCaptured.writes.map((write) =>
        write
          .replace('"is_processing":false', '"is_processing":true')
          .replace(/"id_task":-?\d+/, `"id_task":${task}`)
          .replace(/"n_decoded":\d+/, `"n_decoded":${decoded}`),
      ),
    });
    let release: () => void = () => undefined;
    const { fake, provider } = await start({
      'GET /props': llamaCppPropsCaptured,
      // The second read: another task, with fewer tokens than the first one had.
      'GET /slots': (call) => (call === 1 ? atWork(7, 40) : atWork(8, 3)),
    });
    release = fake.occupySlot();
    const { h, seen } = watching(provider, (event) => event.type === 'status' && event.text.includes('is busy'));

    const outcome = runAgent(h.input);
    await seen;
    release();

    expect((await outcome).reason).toBe('complete');
    expect(h.statuses().find((status) => status.includes('is busy'))).toContain('its one slot is answering other requests');
  });

  it('a slot a new task took that has generated nothing yet (maybe this request) is not called busy', async () => {
    const atWork = (task: number, decoded: number): Replay => ({
      ...llamaCppSlotsCaptured,
      writes: llamaCppSlotsCaptured.writes.map((write) =>
        write
          .replace('"is_processing":false', '"is_processing":true')
          .replace(/"id_task":-?\d+/, `"id_task":${task}`)
          .replace(/"n_decoded":\d+/, `"n_decoded":${decoded}`),
      ),
    });
    let release: () => void = () => undefined;
    const { fake, provider } = await start({
      'GET /props': llamaCppPropsCaptured,
      'GET /slots': (call) => {
        if (call === 2) setImmediate(() => release());
        return call === 1 ? atWork(7, 40) : atWork(8, 0);
      },
    });
    release = fake.occupySlot();
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Hello' });

    await runAgent(h.input);

    expect(fake.requests.filter((request) => request.path === '/slots')).toHaveLength(2);
    expect(h.statuses().some((status) => status.includes('busy'))).toBe(false);
  });

  it('a free slot is not called busy', async () => {
    const { provider } = await start({ 'GET /props': llamaCppPropsCaptured });
    const h = createHarness({ provider, model: MODEL, tools: testRegistry(), userText: 'Hello' });

    await runAgent(h.input);

    expect(h.statuses().some((status) => status.includes('busy'))).toBe(false);
  });
});

describe('a busy server with neither /props nor /slots to ask', () => {
  it('the model check that gets no answer says the server is up and probably busy, never unreachable', async () => {
    const fake = await startFakeOpenAi({
      scenario: {
        name: 'busy-unknown',
        models: [{ id: MODEL, tools: true }],
        replies: [],
        routes: { 'GET /props': llamaCppUnknownPath, 'GET /slots': llamaCppUnknownPath },
        slots: 1,
      },
    });
    running.push(fake);
    const release = fake.occupySlot();
    const provider = createOpenAiCompatibleProvider({
      baseUrl: fake.baseUrl,
      maxContextTokens: 32_768,
      connectTimeoutMs: 300,
      toolProbeTimeoutMs: 300,
      busyCheckAfterMs: 0,
      busyRecheckMs: 0,
    });

    const failure = await provider.capabilities(MODEL).then(
      () => null,
      (error: unknown) => error,
    );
    release();

    expect((failure as Error).message).toContain('is up (it lists its models)');
    expect((failure as Error).message).not.toMatch(/could not be reached|did not answer within|refused/i);
  });
});
