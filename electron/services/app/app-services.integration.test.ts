import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { ConversationSnapshot } from '../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../shared/contract/events';
import type { ModelListResult } from '../../../shared/models/models';
import type { Settings } from '../../../shared/settings/settings';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { GREETING } from '../../../test-support/fake-ollama/scenarios/chat/basic-chat';
import { createAppServices, type AppServices } from './app-services';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService, runOf } from './testing/service-calls';

const cleanups = cleanupAfterEach();

async function setUp(
  scenario: string,
  options: { ollamaHost?: string } = {},
): Promise<{ services: AppServices; fake: FakeOllama; dataDir: string; events: TacoEvent[] }> {
  const fake = await startFakeOllama({ scenario });
  cleanups.defer(() => fake.close());
  const dataDir = cleanups.tempDir('taco-app-');
  const services = await createAppServices({ dataDir, ollamaHost: options.ollamaHost ?? fake.url, openExternal: async () => undefined });
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  return { services, fake, dataDir, events };
}

describe('app services over the fake Ollama server (real provider, loop and store)', () => {
  it('lists models, streams a plain chat to complete, and persists it', async () => {
    const { services, fake, events } = await setUp('basic-chat');
    const models = await callService<ModelListResult>(services, 'models.list', {});
    expect(models).toMatchObject({ type: 'ok', host: fake.url });
    if (models.type === 'ok') expect(models.models.map((m) => m.name)).toContain('llama3.2:3b');

    const run = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Say hello', model: 'llama3.2:3b' }),
    );
    const finish = await services.waitForRun(run.runId);
    expect(finish.reason).toBe('complete');
    // The last batch may reach subscribers a frame after the run has finished.
    await vi.waitFor(() => expect(events.some((e) => e.type === 'run-finish' && e.runId === run.runId)).toBe(true));
    const streamed = events
      .filter((e) => e.type === 'text-delta' && e.runId === run.runId)
      .map((e) => (e.type === 'text-delta' ? e.text : ''));
    expect(streamed.join('')).toBe(GREETING);
    expect(events.some((e) => e.type === 'usage')).toBe(true);

    const snapshot = await callService<ConversationSnapshot>(services, 'conversation.get', { conversationId: run.conversationId });
    // The first words, until the side request's title replaces them (the fake server's title: the message's content words).
    expect(snapshot.summary.title).toMatch(/^(Say hello|Say)$/);
    expect(snapshot.events[0]).toMatchObject({ type: 'user-message', text: 'Say hello' });
    expect(snapshot.events.map((e) => e.type)).toContain('run-finish');
    const stored = snapshot.events.filter((e) => e.type === 'text-delta').map((e) => (e.type === 'text-delta' ? e.text : ''));
    expect(stored.join('')).toBe(GREETING);
    const list = await callService<Array<{ conversationId: string }>>(services, 'conversations.list', {});
    expect(list.map((c) => c.conversationId)).toContain(run.conversationId);
  });

  it('refuses a busy conversation, and run.cancel ends the run cancelled', async () => {
    const { services } = await setUp('slow-stream');
    const run = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Tell me a story', model: 'llama3.2:3b' }),
    );
    const busy = await services.handle('chat.send', { conversationId: run.conversationId, text: 'more', model: 'llama3.2:3b' });
    expect(busy).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(await callService(services, 'run.cancel', { runId: run.runId })).toEqual({ cancelled: true });
    expect((await services.waitForRun(run.runId)).reason).toBe('cancelled');
  });

  it('answers slash commands from the real catalogue', async () => {
    const { services } = await setUp('basic-chat');
    const help = await callService<SendResult>(services, 'chat.send', { conversationId: null, text: '/help', model: 'llama3.2:3b' });
    expect(help).toMatchObject({ type: 'command', conversationId: null, output: expect.stringContaining('/cancel') });
    const tool = await callService<SendResult>(services, 'chat.send', {
      conversationId: null,
      text: '/tool read_file',
      model: 'llama3.2:3b',
    });
    expect(tool).toMatchObject({ type: 'command', output: expect.stringContaining('read_file') });
  });

  it('validates payloads and refuses bad settings without changing them', async () => {
    const { services } = await setUp('basic-chat');
    const bad = await services.handle('chat.send', { conversationId: null, text: 'hi' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-payload', message: expect.stringContaining('"model"') } });
    const before = await callService<Settings>(services, 'settings.get', {});
    const refused = await services.handle('settings.set', { limits: { maxIterations: 0 } });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload', message: expect.stringContaining('"limits.maxIterations"') },
    });
    expect(await callService<Settings>(services, 'settings.get', {})).toEqual(before);
  });

  it('reports an unreachable Ollama in words, with the host it tried', async () => {
    const { services } = await setUp('basic-chat', { ollamaHost: 'http://127.0.0.1:9' });
    const models = await callService<ModelListResult>(services, 'models.list', {});
    expect(models).toMatchObject({ type: 'unreachable', host: 'http://127.0.0.1:9' });
    if (models.type === 'unreachable') expect(models.message).toMatch(/ollama serve/);
  });
});
