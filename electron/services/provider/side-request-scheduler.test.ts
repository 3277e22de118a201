import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatProvider, type CompleteRequest, type ProviderChunk } from './provider-types';
import { scheduleSideRequests } from './side-request-scheduler';

/** A provider whose steps and side requests end when the test says so; it records the order things reached it. */
function gatedProvider() {
  const log: string[] = [];
  const stepGates: Array<() => void> = [];
  const sideSignals: AbortSignal[] = [];
  const provider: ChatProvider = {
    host: 'http://gated.invalid',
    listModels: async () => [],
    capabilities: async () => ({ tools: true, thinking: false, vision: false, contextLength: 8192 }),
    streamChat(request) {
      log.push(`step ${request.model}`);
      return (async function* (): AsyncGenerator<ProviderChunk> {
        await new Promise<void>((resolve) => stepGates.push(resolve));
        yield { type: 'text', text: 'ok' };
      })();
    },
    complete(request: CompleteRequest) {
      log.push(`side ${request.model}`);
      sideSignals.push(request.signal);
      return new Promise((resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(new ProviderError('aborted', 'stopped', 'http://gated.invalid')), {
          once: true,
        });
        if (request.messages[0]?.content === 'quick') resolve('done');
      });
    },
  };
  return { provider, log, stepGates, sideSignals };
}

async function drain(stream: AsyncIterable<ProviderChunk>): Promise<void> {
  for await (const chunk of stream) void chunk;
}

const side = (model: string, content: string, signal = new AbortController().signal): CompleteRequest => ({
  model,
  messages: [{ role: 'user', content }],
  maxTokens: 8,
  signal,
});
const stepRequest = (model: string) => ({
  model,
  messages: [{ role: 'user' as const, content: 'hi' }],
  signal: new AbortController().signal,
});

describe('side requests never go in front of a step', () => {
  it('a side request asked while a step of its model streams waits for that step to end; another model is not held', async () => {
    const { provider, log, stepGates } = gatedProvider();
    const scheduled = scheduleSideRequests(provider);
    const stepDone = drain(scheduled.streamChat(stepRequest('a')));
    await Promise.resolve();
    const title = scheduled.complete(side('a', 'quick'));
    const other = scheduled.complete(side('b', 'quick'));
    await expect(other).resolves.toBe('done');
    expect(log).toEqual(['step a', 'side b']);
    stepGates[0]?.();
    await stepDone;
    await expect(title).resolves.toBe('done');
    expect(log).toEqual(['step a', 'side b', 'side a']);
  });

  it('a step that starts while a side request of its model runs ends that side request at once', async () => {
    const { provider, log, stepGates, sideSignals } = gatedProvider();
    const scheduled = scheduleSideRequests(provider);
    const sentence = scheduled.complete(side('a', 'slow'));
    const stepDone = drain(scheduled.streamChat(stepRequest('a')));
    await expect(sentence).rejects.toMatchObject({ kind: 'aborted' });
    expect(sideSignals[0]?.aborted).toBe(true);
    expect(log).toEqual(['side a', 'step a']);
    stepGates[0]?.();
    await stepDone;
  });

  it('a waiting side request its caller gives up on fails as aborted and never reaches the server', async () => {
    const { provider, log, stepGates } = gatedProvider();
    const scheduled = scheduleSideRequests(provider);
    const stepDone = drain(scheduled.streamChat(stepRequest('a')));
    await Promise.resolve();
    const controller = new AbortController();
    const waiting = scheduled.complete(side('a', 'quick', controller.signal));
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'aborted' });
    stepGates[0]?.();
    await stepDone;
    expect(log).toEqual(['step a']);
  });
});
