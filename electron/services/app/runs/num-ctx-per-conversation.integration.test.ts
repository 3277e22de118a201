import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { JsonObject } from '../../../../shared/contract/json';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { startFakeOllama, type FakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import { reply } from '../../../../test-support/fake-ollama/reply-builders';
import { standardModels } from '../../../../test-support/fake-ollama/scenarios/models/standard-models';
import { CONTEXT_SWITCH_SYSTEM_PROMPT } from '../../orchestration/context-switch';
import { createAppServices } from '../app-services';
import type { AppServices } from '../app-services-types';
import { callService, runOf } from '../testing/service-calls';

const cleanups = cleanupAfterEach();
const MODEL = 'llama3.2:3b';
const CONVERSATION_NUM_CTX = 3072;

/** What one /api/chat request to the fake was: a streamed step or a side request, and its num_ctx. */
interface SentChat {
  kind: 'step' | 'side';
  model: string;
  numCtx: unknown;
}

function chatsSent(fake: FakeOllama): SentChat[] {
  return fake.requests
    .filter((request) => request.path === '/api/chat' && request.body !== null)
    .map((request) => {
      const body = request.body as JsonObject;
      return {
        kind: body['stream'] === false ? 'side' : 'step',
        model: String(body['model']),
        numCtx: (body['options'] as JsonObject | undefined)?.['num_ctx'],
      };
    });
}

function distinctNumCtx(sent: readonly SentChat[]): unknown[] {
  return [...new Set(sent.filter((chat) => chat.model === MODEL).map((chat) => chat.numCtx))];
}

/** Resolves with the first event the predicate accepts (events, never sleeps). */
function nextEvent(services: AppServices, accept: (event: TacoEvent) => boolean): Promise<TacoEvent> {
  return new Promise((resolve) => {
    const unsubscribe = services.subscribe((batch) => {
      const found = batch.find(accept);
      if (!found) return;
      unsubscribe();
      resolve(found);
    });
  });
}

/**
 * Ollama reloads a model whose num_ctx changes (server/sched.go needsReload compares the runner
 * options), so every request of one conversation to one model — steps, the title, status
 * sentences, the context-switch check — must carry the same num_ctx. Counted here at the fake
 * server, through chat.send as the app uses it.
 */
describe('one num_ctx per model per conversation, through chat.send', () => {
  it('the title, a status sentence and the context-switch check go with the num_ctx of the steps; setOptions changes it once', async () => {
    let statusAsked: () => void = () => undefined;
    const statusSentenceArrived = new Promise<void>((resolve) => (statusAsked = resolve));
    const fake = await startFakeOllama({
      scenario: {
        name: 'one-num-ctx-through-chat-send',
        description: 'a titled first turn, then a turn that asks the user while a status sentence is asked',
        models: standardModels(),
        replies: [
          reply.text('Hello! What can I do?'),
          reply.toolCall('ask_user', { question: 'In metres or in feet?' }),
          reply.text('Then 3 metres.'),
        ],
        sideRules: [
          {
            when: (request) => request.messages.some((message) => message.content.includes('Write a short title')),
            reply: reply.text('A friendly greeting'),
          },
          {
            when: (request) => request.messages.some((message) => message.content.startsWith('Given this tool call:')),
            reply: () => {
              statusAsked();
              return reply.text('Asking which unit you want');
            },
          },
          {
            when: (request) => request.messages.some((message) => message.content === CONTEXT_SWITCH_SYSTEM_PROMPT),
            reply: reply.text('SAME'),
          },
        ],
      },
    });
    cleanups.defer(() => fake.close());
    const services = await createAppServices({
      dataDir: cleanups.tempDir('taco-num-ctx-'),
      ollamaHost: fake.url,
      openExternal: async () => undefined,
    });
    cleanups.defer(() => services.dispose());

    // Turn 1 makes the conversation; the title is asked for after its run.
    const titled = nextEvent(services, (event) => event.type === 'conversation-updated' && event.summary.title === 'A friendly greeting');
    const first = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Say hello there', model: MODEL }),
    );
    expect((await services.waitForRun(first.runId)).reason).toBe('complete');
    await titled;
    const turnOne = chatsSent(fake);
    expect(turnOne.map((chat) => chat.kind)).toEqual(['step', 'side']);
    expect(distinctNumCtx(turnOne)).toHaveLength(1);
    expect(typeof turnOne[0]?.numCtx).toBe('number');

    // The user sets the conversation's num_ctx: from here on every request carries it.
    await callService(services, 'conversation.setOptions', {
      conversationId: first.conversationId,
      options: { numCtx: CONVERSATION_NUM_CTX },
    });
    fake.requests.length = 0;
    const asked = nextEvent(services, (event) => event.type === 'question');
    const second = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: first.conversationId, text: 'How far is it?', model: MODEL }),
    );
    await asked;
    // ask_user waits for the user, so the status sentence is asked while the tool runs.
    await statusSentenceArrived;
    // Typed while the question is pending: the context-switch check asks the model first (SAME: it answers).
    const answered = await callService<SendResult>(services, 'chat.send', {
      conversationId: first.conversationId,
      text: 'In metres.',
      model: MODEL,
    });
    expect(runOf(answered).runId).toBe(second.runId);
    expect((await services.waitForRun(second.runId)).reason).toBe('complete');

    const turnTwo = chatsSent(fake);
    expect(turnTwo.filter((chat) => chat.kind === 'step')).toHaveLength(2);
    // The status sentence and the context-switch check.
    expect(turnTwo.filter((chat) => chat.kind === 'side')).toHaveLength(2);
    expect(distinctNumCtx(turnTwo)).toEqual([CONVERSATION_NUM_CTX]);
  });
});
