import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { startFakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import { reply } from '../../../../test-support/fake-ollama/reply-builders';
import { basicChat } from '../../../../test-support/fake-ollama/scenarios/chat/basic-chat';
import { createAppServices } from '../app-services';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { callService } from '../testing/service-calls';

const cleanups = cleanupAfterEach();

describe('per-conversation options and titles, over the fake Ollama server', () => {
  it("the run sends the conversation's temperature, num_ctx, keep_alive and system prompt; the title comes from a side request", async () => {
    const fake = await startFakeOllama({
      scenario: {
        ...basicChat,
        sideRules: [
          {
            when: (request) => request.messages.some((message) => message.content.includes('Write a short title')),
            reply: reply.text('A friendly greeting'),
          },
        ],
      },
    });
    cleanups.defer(() => fake.close());
    const dataDir = cleanups.tempDir('taco-options-');
    const services = await createAppServices({ dataDir, ollamaHost: fake.url, openExternal: async () => undefined });
    cleanups.defer(() => services.dispose());
    const events: TacoEvent[] = [];
    services.subscribe((batch) => events.push(...batch));
    const call = <T>(name: string, request: unknown): Promise<T> => callService<T>(services, name, request);

    const first = await call<SendResult>('chat.send', { conversationId: null, text: 'Say hello', model: 'llama3.2:3b' });
    if (first.type !== 'run') throw new Error('expected a run');
    await services.waitForRun(first.runId);
    await vi.waitFor(() =>
      expect(events.find((event) => event.type === 'conversation-updated')).toMatchObject({ summary: { title: 'A friendly greeting' } }),
    );

    // A window with room for the earlier turn: at 3,072 tokens the system prompt and the tools' schemas
    // leave none, and the run rightly leaves the first turn out.
    await call<ConversationSummary>('conversation.setOptions', {
      conversationId: first.conversationId,
      options: { temperature: 0.25, numCtx: 8192, keepAlive: '15m', systemPrompt: 'You answer in French.' },
    });
    fake.requests.length = 0;
    const second = await call<SendResult>('chat.send', { conversationId: first.conversationId, text: 'Again', model: 'llama3.2:3b' });
    if (second.type !== 'run') throw new Error('expected a run');
    await services.waitForRun(second.runId);
    const body = fake.requests.find((request) => request.path === '/api/chat' && request.body?.stream === true)?.body;
    expect(body?.options).toMatchObject({ num_ctx: 8192, temperature: 0.25 });
    expect(body?.keep_alive).toBe('15m');
    const messages = body?.messages as Array<{ role: string; content: string }> | undefined;
    expect(messages?.[0]?.role).toBe('system');
    expect(messages?.[0]?.content.startsWith('You answer in French.')).toBe(true);
    expect(messages?.map((message) => message.content)).toContain('Say hello');
  });
});
