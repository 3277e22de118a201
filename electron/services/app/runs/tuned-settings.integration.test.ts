import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { ModelEvent } from '../../../../shared/contract/events';
import type { ModelCheckList } from '../../../../shared/probe/model-check';
import type { ProbeReport } from '../../../../shared/probe/probe-report';
import { startFakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import { modelCheckScenario, PROFILE_MODELS } from '../../../../test-support/fake-models/model-profiles';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createAppServices } from '../app-services';
import { callService } from '../testing/service-calls';

const cleanups = cleanupAfterEach();

describe("a model's checked settings in later conversations", () => {
  it('after Check this model, runs on the model keep their settings until the proposal is accepted, then use the prompt format it chose until the conversation says otherwise', async () => {
    const fake = await startFakeOllama({ scenario: modelCheckScenario() });
    cleanups.defer(() => fake.close());
    const services = await createAppServices({
      dataDir: cleanups.tempDir('taco-tuned-'),
      ollamaHost: fake.url,
      openExternal: async () => undefined,
    });
    cleanups.defer(() => services.dispose());
    const call = <T>(name: string, request: unknown): Promise<T> => callService<T>(services, name, request);
    const model = PROFILE_MODELS.nativeBroken;

    const finished = new Promise<Extract<ModelEvent, { type: 'model-check-finished' }>>((resolve) =>
      services.subscribeModelEvents((batch) => {
        for (const event of batch) if (event.type === 'model-check-finished') resolve(event);
      }),
    );
    await call('modelCheck.start', { model, runs: 1 });
    expect((await finished).report?.tuned.toolMode).toBe('prompt');
    const listed = await call<ModelCheckList>('modelCheck.list', {});
    expect(listed.reports.map((report) => report.model)).toEqual([model]);
    expect(listed.running).toBeNull();
    expect(listed.reports[0]?.proposal?.decision).toBe('pending');

    const streamed = (): Array<Record<string, unknown>> =>
      fake.requests.filter((request) => request.path === '/api/chat' && request.body?.stream === true).map((request) => request.body ?? {});
    // Not accepted yet: the model's runs keep the settings they had (native tool calls).
    fake.requests.length = 0;
    const asked = 'Read the file notes.txt and tell me the delivery code written in it.';
    const before = await call<SendResult>('chat.send', { conversationId: null, text: asked, model });
    if (before.type !== 'run') throw new Error('expected a run');
    await services.waitForRun(before.runId);
    expect(Array.isArray(streamed()[0]?.tools)).toBe(true);

    const accepted = await call<ProbeReport>('modelCheck.decideTuning', { model, accept: true });
    expect(accepted.proposal?.decision).toBe('accepted');
    // Answered once: a second answer has nothing to decide.
    await expect(call('modelCheck.decideTuning', { model, accept: false })).rejects.toThrow(/no tuned settings waiting/);
    fake.requests.length = 0;
    const sent = await call<SendResult>('chat.send', {
      conversationId: null,
      text: asked,
      model,
    });
    if (sent.type !== 'run') throw new Error('expected a run');
    await services.waitForRun(sent.runId);
    expect(streamed()[0]?.tools).toBeUndefined();
    expect(JSON.stringify(streamed()[0]?.messages)).toContain('Reply with ONLY one JSON object');

    // The conversation's own option wins over the checked one.
    await call('conversation.setOptions', { conversationId: sent.conversationId, options: { toolMode: 'native' } });
    fake.requests.length = 0;
    const again = await call<SendResult>('chat.send', { conversationId: sent.conversationId, text: 'Thanks, and the code again?', model });
    if (again.type !== 'run') throw new Error('expected a run');
    await services.waitForRun(again.runId);
    expect(Array.isArray(streamed()[0]?.tools)).toBe(true);
  });
});
