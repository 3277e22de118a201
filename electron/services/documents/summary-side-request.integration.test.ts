import { vi, describe, expect, it } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { CallEnvelope } from '../../../shared/contract/transport';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { startFakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import type { RecordedRequest } from '../../../test-support/fake-ollama/scenario-types';
import { createAppServices, type AppServices } from '../app/app-services';
import { SUMMARY_SYSTEM_PROMPT } from './summarize-document';

/**
 * The automatic document summary is a side request like titles and context-switch checks: through
 * the provider's complete() (thinking off, the num_ctx the conversation's steps sent) behind the
 * side-request scheduler, and only once the run is over.
 */
describe('the document summary goes the side-request way', () => {
  const cleanups = cleanupAfterEach();

  const call = async <T>(services: AppServices, name: string, request: unknown): Promise<T> => {
    const answer = (await services.handle(name, request)) as CallEnvelope<T>;
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    return answer.value;
  };

  it("asks with think:false and the conversation's num_ctx, after the run's last step", async () => {
    const fake = await startFakeOllama({ scenario: 'documents-demo' });
    cleanups.defer(() => fake.close());
    const workspace = cleanups.tempDir('taco-summary-ws-');
    const services = await createAppServices({
      dataDir: cleanups.tempDir('taco-summary-data-'),
      ollamaHost: fake.url,
      openExternal: async () => undefined,
    });
    cleanups.defer(() => services.dispose());
    await call(services, 'settings.set', { workspace, approvals: { read: 'allow', write: 'allow', shell: 'ask', network: 'ask' } });

    // A thinking model (qwen3:4b), and a conversation whose num_ctx the user set to 4096.
    const model = 'qwen3:4b';
    const first = await call<SendResult>(services, 'chat.send', { conversationId: null, text: 'hello', model });
    if (first.type !== 'run') throw new Error('expected a run');
    await services.waitForRun(first.runId);
    await call(services, 'conversation.setOptions', { conversationId: first.conversationId, options: { numCtx: 4096 } });

    const sent = await call<SendResult>(services, 'chat.send', {
      conversationId: first.conversationId,
      text: 'Please file the meeting notes, then search the documents for them',
      model,
    });
    if (sent.type !== 'run') throw new Error('expected a run');
    expect((await services.waitForRun(sent.runId)).reason).toBe('complete');

    const isSummary = (request: RecordedRequest): boolean =>
      request.path === '/api/chat' &&
      (request.body?.messages as Array<{ content: string }> | undefined)?.[0]?.content === SUMMARY_SYSTEM_PROMPT;
    await vi.waitFor(() => expect(fake.requests.some(isSummary)).toBe(true), { timeout: 10_000 });
    const summaryAt = fake.requests.findIndex(isSummary);
    const summary = fake.requests[summaryAt]!.body!;
    expect(summary).toMatchObject({ model, stream: false, think: false, options: { num_ctx: 4096 } });
    expect(summary['tools']).toBeUndefined();
    // Every step of the run streamed before it: the summary never went in front of a model step.
    const lastStep = fake.requests.findLastIndex((request) => request.path === '/api/chat' && request.body?.stream !== false);
    expect(lastStep).toBeLessThan(summaryAt);
  });
});
