import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../../../provider/provider-types';
import { REPEATED_CALL_MESSAGE } from '../../tool-calls/execute-tool-call';
import { runAgent } from '../run-agent';
import { createHarness } from '../../testing/run-harness';
import { callReply, createScriptedProvider, done, say, SCRIPTED_HOST, type ScriptedReply } from '../../testing/scripted-provider';
import { testRegistry, testTool } from '../../testing/test-tools';

/** Waits until `check` holds, on the real clock (vi.waitFor would advance the faked one while it waits). */
const realSetTimeout = globalThis.setTimeout;
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => realSetTimeout(resolve, 5));
}

const counter = () => testTool({ id: 'count', parameters: { n: { type: 'integer' } }, run: (args) => `counted ${String(args['n'])}` });

describe('runAgent: stop conditions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('max_iterations: after the last round, one request without tools asks for a summary, streamed, then stops', async () => {
    const replies: ScriptedReply[] = [
      callReply(['count', { n: 1 }]),
      callReply(['count', { n: 2 }]),
      callReply(['count', { n: 3 }]),
      [...say('I counted to 3 but did not finish.'), done()],
    ];
    const provider = createScriptedProvider({ replies });
    const h = createHarness({ provider, tools: testRegistry(counter()), limits: { maxIterations: 3 } });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('max_iterations');
    expect(provider.requests).toHaveLength(4);
    const last = provider.requests[3];
    expect(last?.tools).toBeUndefined();
    expect(last?.messages.at(-1)?.role).toBe('user');
    expect(last?.messages.at(-1)?.content).toContain('what you did, what is still missing, and why you stopped');
    expect(last?.messages[0]?.content).not.toContain('You have access to the following tools');
    expect(h.text()).toBe('I counted to 3 but did not finish.');
    expect(outcome.messages.at(-1)).toEqual({ role: 'assistant', content: 'I counted to 3 but did not finish.' });
    expect(h.of('run-finish')[0]).toMatchObject({
      reason: 'max_iterations',
      message: 'Stopped after 3 tool rounds. Continue with the task?',
    });
    expect(h.statuses().at(-1)).toBe('Stopped: reached the limit of 3 tool rounds');
  });

  it('consecutive_errors: three tool errors in a row stop the run', async () => {
    const failing = testTool({
      id: 'fetch_url',
      parameters: { url: { type: 'string' } },
      run: () => {
        throw new Error('Connection refused.');
      },
    });
    const provider = createScriptedProvider({ replies: [1, 2, 3, 4].map((n) => callReply(['fetch_url', { url: `http://x/${n}` }])) });
    const h = createHarness({ provider, tools: testRegistry(failing) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('consecutive_errors');
    expect(provider.requests).toHaveLength(3);
    expect(h.of('tool-error')).toHaveLength(3);
    expect(h.of('run-finish')[0]?.message).toMatch(/failed several times in a row/);
  });

  it('a success between errors resets the count', async () => {
    let n = 0;
    const flaky = testTool({
      id: 'flaky',
      parameters: { n: { type: 'integer' } },
      run: () => {
        n += 1;
        if (n % 3 === 0) return 'worked';
        throw new Error('Flaked.');
      },
    });
    const provider = createScriptedProvider({
      replies: [...[1, 2, 3, 4, 5].map((i) => callReply(['flaky', { n: i }])), [...say('Done.'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry(flaky) });

    expect((await runAgent(h.input)).reason).toBe('complete');
  });

  it('timeout: the whole run is bounded; the stream in flight is aborted and the partial answer kept', async () => {
    let aborted = false;
    const provider = createScriptedProvider({
      replies: [
        (request) => {
          void request;
          return { type: 'hang', before: say('Partial ') };
        },
      ],
    });
    const original = provider.streamChat.bind(provider);
    provider.streamChat = (request) => {
      request.signal.addEventListener('abort', () => (aborted = true));
      return original(request);
    };
    // The run's clock is faked: it runs out only once the partial answer has streamed (an event).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = createHarness({ provider, tools: testRegistry(counter()), limits: { runTimeoutMs: 30_000 } });
    const run = runAgent(h.input);
    await until(() => h.of('text-delta').length === 1);
    expect(aborted).toBe(false);
    vi.advanceTimersByTime(30_000);
    const outcome = await run;

    expect(outcome.reason).toBe('timeout');
    expect(aborted).toBe(true);
    expect(outcome.messages).toEqual([{ role: 'assistant', content: 'Partial ' }]);
    expect(h.of('run-finish')[0]).toMatchObject({ reason: 'timeout', error: null });
    expect(h.of('run-finish')[0]?.message).toMatch(/took longer than/);
  });

  it('timeout: a tool that ignores the signal does not hold the run', async () => {
    const stuck = testTool({ id: 'stuck', run: () => new Promise<string>(() => undefined) });
    const provider = createScriptedProvider({ replies: [callReply(['stuck', {}])] });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = createHarness({ provider, tools: testRegistry(stuck), limits: { runTimeoutMs: 30_000 } });
    const run = runAgent(h.input);
    // The time runs out once the tool is running (its call was announced), not before.
    await until(() => h.of('tool-call').length === 1);
    vi.advanceTimersByTime(30_000);
    const outcome = await run;

    expect(outcome.reason).toBe('timeout');
    expect(h.of('tool-error')).toEqual([expect.objectContaining({ tool: 'stuck', error: 'Stopped before the tool finished.' })]);
    expect(h.input.stack.frames()).toEqual([]);
  });

  it("cancelled: the caller's signal aborts the stream; the partial answer is kept", async () => {
    const controller = new AbortController();
    const provider = createScriptedProvider({ replies: [{ type: 'hang', before: say('Working on') }] });
    const h = createHarness({ provider, tools: testRegistry(), signal: controller.signal });
    const run = runAgent(h.input);
    await vi.waitFor(() => expect(h.text()).toBe('Working on'));
    controller.abort();

    const outcome = await run;

    expect(outcome.reason).toBe('cancelled');
    expect(outcome.messages).toEqual([{ role: 'assistant', content: 'Working on' }]);
    expect(h.of('run-finish')).toEqual([
      expect.objectContaining({ reason: 'cancelled', message: 'Stopped by you. The partial answer is kept.' }),
    ]);
  });

  it('cancelled before any answer text: the stop does not speak of a partial answer', async () => {
    const controller = new AbortController();
    const provider = createScriptedProvider({ replies: [{ type: 'hang' }] });
    const h = createHarness({ provider, tools: testRegistry(), signal: controller.signal });
    const run = runAgent(h.input);
    await vi.waitFor(() => expect(h.of('run-start')).toHaveLength(1));
    controller.abort();
    await run;
    expect(h.of('run-finish')).toEqual([
      expect.objectContaining({ reason: 'cancelled', message: 'Stopped by you before the model answered.' }),
    ]);
  });

  it('cancelled before it starts: still one run-start and one run-finish', async () => {
    const controller = new AbortController();
    controller.abort();
    const provider = createScriptedProvider({ replies: [[...say('never'), done()]] });
    const h = createHarness({ provider, tools: testRegistry(), signal: controller.signal });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('cancelled');
    expect(h.events.map((event) => event.type)).toEqual(['run-start', 'status', 'status', 'run-finish']);
  });

  it('repeated_call: the 2nd identical call is not run and gets "you already have this result"; the 3rd stops the run', async () => {
    const tool = counter();
    const provider = createScriptedProvider({
      replies: [callReply(['count', { n: 1 }]), callReply(['count', { n: 1 }]), callReply(['count', { n: 1 }]), [...say('unused'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('repeated_call');
    expect(tool.ran).toHaveLength(1);
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests[2]?.messages.at(-1)).toEqual({ role: 'tool', tool_name: 'count', content: `Error: ${REPEATED_CALL_MESSAGE}` });
    expect(h.of('run-finish')[0]?.message).toMatch(/repeating the same tool call/);
  });

  it('repeated_call: key order does not make a call different, another call in between does', async () => {
    const tool = testTool({ id: 'pair', parameters: { a: { type: 'integer' }, b: { type: 'integer' } } });
    const provider = createScriptedProvider({
      replies: [
        callReply(['pair', { a: 1, b: 2 }]),
        callReply(['pair', { b: 2, a: 1 }]),
        callReply(['pair', { a: 9, b: 9 }]),
        callReply(['pair', { a: 1, b: 2 }]),
        [...say('ok'), done()],
      ],
    });
    const h = createHarness({ provider, tools: testRegistry(tool) });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('complete');
    expect(tool.ran).toEqual([
      { a: 1, b: 2 },
      { a: 9, b: 9 },
      { a: 1, b: 2 },
    ]);
  });

  it('model_gave_up: a plain "I cannot complete this task" answer stops with its reason, the text kept', async () => {
    const provider = createScriptedProvider({
      replies: [[...say('I cannot complete this task because the data is not available to me.'), done()]],
    });
    const h = createHarness({ provider, tools: testRegistry() });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('model_gave_up');
    expect(outcome.messages).toEqual([
      { role: 'assistant', content: 'I cannot complete this task because the data is not available to me.' },
    ]);
    expect(h.of('run-finish')[0]?.message).toBe('The model said it cannot complete this task.');
  });

  it("provider_error: the provider's message is shown with what to do", async () => {
    const provider = createScriptedProvider({
      replies: [{ type: 'error', error: new ProviderError('unreachable', `Nothing answers at ${SCRIPTED_HOST}.`, SCRIPTED_HOST) }],
    });
    const h = createHarness({ provider, tools: testRegistry() });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('provider_error');
    const finish = h.of('run-finish')[0];
    expect(finish?.message).toBe('Stopped: the model server returned an error.');
    expect(finish?.error).toContain(`Nothing answers at ${SCRIPTED_HOST}.`);
    expect(finish?.error).toContain(`Check that the model server is running at ${SCRIPTED_HOST}`);
  });

  it('provider_error mid-stream keeps the text streamed so far', async () => {
    const provider = createScriptedProvider({
      replies: [
        {
          type: 'error',
          before: say('Half an'),
          error: new ProviderError('incomplete-stream', 'The answer stopped before it was complete.', SCRIPTED_HOST),
        },
      ],
    });
    const h = createHarness({ provider, tools: testRegistry() });

    const outcome = await runAgent(h.input);

    expect(outcome).toEqual({ reason: 'provider_error', messages: [{ role: 'assistant', content: 'Half an' }] });
    expect(h.of('run-finish')[0]?.error).toMatch(/Try again/);
  });

  it("provider_error when the model's capabilities cannot be read", async () => {
    const provider = createScriptedProvider({ replies: [] });
    provider.capabilities = async () => {
      throw new ProviderError('model-not-found', 'The model "test-model" is not installed.', SCRIPTED_HOST, 404);
    };
    const h = createHarness({ provider, tools: testRegistry() });

    const outcome = await runAgent(h.input);

    expect(outcome.reason).toBe('provider_error');
    expect(h.of('run-finish')[0]?.error).toMatch(/Install the model on its server/);
  });
});
