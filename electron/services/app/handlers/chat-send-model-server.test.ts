import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { newServer } from '../../../../shared/models/servers';
import type { AgentRunInput } from '../../agent/loop/agent-types';
import { composeAppServices } from '../compose-app-services';
import { createMemoryStorage, fakePorts, fakeRunAgent } from '../testing/fake-ports';
import { callService, refusedCall, runOf } from '../testing/service-calls';

async function start() {
  const runs: AgentRunInput[] = [];
  const services = await composeAppServices(
    { dataDir: '/nowhere', openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      storage: createMemoryStorage(),
      runAgent: (input) => {
        runs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  const docsBox = newServer({ id: 'docs-box', name: 'Docs box', kind: 'ollama', baseUrl: 'http://127.0.0.1:9' });
  await callService(services, 'settings.set', { servers: [docsBox] });
  const list = () => callService<ConversationSummary[]>(services, 'conversations.list', {});
  return { services, runs, docsBox, list };
}

describe('chat.send keeps the conversation on its server', () => {
  it('refuses a model on a server that is not in settings, storing nothing and starting no run', async () => {
    const h = await start();
    const error = await refusedCall(h.services, 'chat.send', { conversationId: null, text: 'Hello', model: 'gone-box::llama3.2:3b' });
    expect(error.message).toContain('“llama3.2:3b” is on a server that is no longer in Settings → Model servers');
    expect(await h.list()).toEqual([]);
    expect(h.runs).toEqual([]);
  });

  it('refuses a turned-off server by its name, in an existing conversation too, and never runs on another server', async () => {
    const h = await start();
    const first = runOf(
      await callService<SendResult>(h.services, 'chat.send', { conversationId: null, text: 'Hello', model: 'docs-box::llama3.2:3b' }),
    );
    await h.services.waitForRun(first.runId);
    expect(h.runs.at(-1)?.model).toBe('docs-box::llama3.2:3b');
    await callService(h.services, 'settings.set', { servers: [{ ...h.docsBox, enabled: false }] });

    const error = await refusedCall(h.services, 'chat.send', {
      conversationId: first.conversationId,
      text: 'And again',
      model: 'docs-box::llama3.2:3b',
    });
    expect(error.message).toBe(
      'Docs box is turned off in Settings → Model servers, so “llama3.2:3b” cannot answer. Turn it on, or choose another model.',
    );
    const continued = await refusedCall(h.services, 'chat.continue', {
      conversationId: first.conversationId,
      model: 'docs-box::llama3.2:3b',
    });
    expect(continued.message).toContain('Docs box is turned off');
    expect(h.runs).toHaveLength(1);
  });

  it('lets the first server’s plain model names through', async () => {
    const h = await start();
    const run = runOf(
      await callService<SendResult>(h.services, 'chat.send', { conversationId: null, text: 'Hello', model: 'llama3.2:3b' }),
    );
    await h.services.waitForRun(run.runId);
    expect(h.runs.at(-1)?.model).toBe('llama3.2:3b');
  });
});
