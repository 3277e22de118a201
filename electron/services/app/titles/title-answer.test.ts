import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { ChatMessage } from '../../provider/provider-types';
import { composeAppServices } from '../compose-app-services';
import { createMemoryStorage, createScriptedProvider, fakePorts } from '../testing/fake-ports';
import { callService, runOf } from '../testing/service-calls';

/** Services over memory storage whose timeline keeps no text-deltas (as if those writes had failed). */
async function servicesLosingDeltas(titlePrompts: string[]) {
  const storage = createMemoryStorage();
  const append = storage.conversations.append.bind(storage.conversations);
  storage.conversations.append = (event: TacoEvent) => {
    if (event.type !== 'text-delta') append(event);
  };
  const services = await composeAppServices(
    { dataDir: '/nowhere', openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      storage,
      createProvider: ({ host }) => ({
        ...createScriptedProvider({ host, replies: ['Hi, how can I help?'] }),
        async complete(request: { messages: ChatMessage[] }) {
          titlePrompts.push(request.messages.map((message) => message.content).join('\n'));
          return 'Greeting the assistant';
        },
      }),
    }),
  );
  return services;
}

describe('a new conversation’s title', () => {
  it('names the answer the run streamed, not what the timeline kept of it', async () => {
    const titlePrompts: string[] = [];
    const services = await servicesLosingDeltas(titlePrompts);
    const run = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Say hello to me please', model: 'llama3.2:3b' }),
    );
    await services.waitForRun(run.runId);
    await vi.waitFor(async () => {
      const list = await callService<Array<{ conversationId: string; title: string }>>(services, 'conversations.list', {});
      expect(list).toEqual([expect.objectContaining({ conversationId: run.conversationId, title: 'Greeting the assistant' })]);
    });
    expect(titlePrompts).toHaveLength(1);
    expect(titlePrompts[0]).toContain('User: Say hello to me please');
    expect(titlePrompts[0]).toContain('Assistant: Hi, how can I help?');
    await services.dispose();
  });
});
