import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { ConversationSnapshot } from '../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../shared/contract/events';
import type { ModelListResult } from '../../../shared/models/models';
import { DEFAULTS } from '../../../shared/constants';
import { newServer, type ServerConfig, type ServerTestResult } from '../../../shared/models/servers';
import type { Settings } from '../../../shared/settings/settings';
import { reply, standardModels, startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/index';
import { openAiModels, openAiReply, startFakeOpenAi, type OpenAiScenario } from '../../../test-support/fake-openai/index';
import { createAppServices, type AppServices } from '../app/app-services';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService, runOf } from '../app/testing/service-calls';

const TOKEN = 'Bearer sk-very-secret-token-1234';
// Registered first so that it runs last: the console stays watched while the services close.
afterEach(() => {
  vi.restoreAllMocks();
});
const cleanups = cleanupAfterEach();

async function setUp(openAiScenario: Partial<OpenAiScenario>, localReplies = [reply.text('Local answer.')]) {
  const local = await startFakeOllama({
    scenario: { name: 'local', description: 'local', models: standardModels(), replies: localReplies },
  });
  cleanups.defer(() => local.close());
  const remote = await startFakeOpenAi({
    scenario: {
      name: 'remote',
      models: [openAiModels.withTools('tooly'), openAiModels.withoutTools('plain')],
      replies: [],
      ...openAiScenario,
    },
    requireHeader: { name: 'authorization', value: TOKEN },
  });
  cleanups.defer(() => remote.close());
  const dataDir = cleanups.tempDir('taco-servers-');
  const services = await createAppServices({ dataDir, ollamaHost: local.url, openExternal: async () => undefined });
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  const server = newServer({
    id: 'gpu-box',
    name: 'GPU box',
    kind: 'openai-compatible',
    baseUrl: remote.baseUrl,
    headers: { Authorization: TOKEN },
  });
  return { local, remote, services, events, dataDir, server };
}

async function addServers(services: AppServices, servers: ServerConfig[]): Promise<Settings> {
  return callService<Settings>(services, 'settings.set', { servers });
}

describe('model servers through the app services (real providers, loop and store)', () => {
  it('lists models from every server grouped by server; a plain chat and a multi-round tool task on the OpenAI-compatible one', async () => {
    const { services, server, remote, events } = await setUp({
      replies: [
        openAiReply.text('Hi from the GPU box.'),
        openAiReply.toolCall('calculate', { expression: '6*7' }),
        openAiReply.text('It is 42.'),
      ],
    });
    await addServers(services, [server]);
    const list = await callService<ModelListResult>(services, 'models.list', {});
    expect(list.type).toBe('ok');
    expect(list.servers?.map((group) => [group.serverId, group.type, group.models.length])).toEqual([
      ['local', 'ok', standardModels().length],
      ['gpu-box', 'ok', 2],
    ]);
    expect(list.servers?.[1]?.admin).toEqual({ allowed: false, reason: expect.stringContaining('OpenAI-compatible') });
    if (list.type === 'ok')
      expect(list.models.map((model) => model.name)).toEqual(expect.arrayContaining(['llama3.2:3b', 'gpu-box::tooly', 'gpu-box::plain']));

    const chat = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Hello', model: 'gpu-box::tooly' }),
    );
    expect((await services.waitForRun(chat.runId)).reason).toBe('complete');
    const task = runOf(
      await callService<SendResult>(services, 'chat.send', {
        conversationId: chat.conversationId,
        // Names what it needs, so the tool selection offers calculate (a call may use only an offered tool).
        text: 'Calculate 6*7.',
        model: 'gpu-box::tooly',
      }),
    );
    expect((await services.waitForRun(task.runId)).reason).toBe('complete');
    await vi.waitFor(() => expect(events.some((event) => event.type === 'run-finish' && event.runId === task.runId)).toBe(true));
    expect(events.filter((event) => event.type === 'tool-result' && event.runId === task.runId)).toHaveLength(1);
    const snapshot = await callService<ConversationSnapshot>(services, 'conversation.get', { conversationId: chat.conversationId });
    expect(snapshot.summary.model).toBe('gpu-box::tooly');
    const streamed = remote.requests.filter((request) => request.body?.stream === true);
    expect(streamed.map((request) => request.body?.model)).toEqual(['tooly', 'tooly', 'tooly']);
  });

  it('a stop on an added server names that server’s address, never the first server’s', async () => {
    const empty = openAiReply.text('', { usage: { promptTokens: 10, completionTokens: 7 } });
    const { services, server, remote, local } = await setUp({ replies: [empty, empty] });
    await addServers(services, [server]);
    const run = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Calculate 6*7.', model: 'gpu-box::tooly' }),
    );
    const outcome = await services.waitForRun(run.runId);
    expect(outcome.reason).toBe('provider_error');
    const stopText = outcome.error ?? '';
    expect(stopText).toContain('empty answer twice');
    expect(stopText).toContain(new URL(remote.baseUrl).host);
    expect(stopText).not.toContain(new URL(local.url).host);
  });

  it('the token is stored, sent to the server, but never reaches settings.get, events, the timeline, the export or the logs', async () => {
    const logs: string[] = [];
    for (const method of ['log', 'warn', 'error', 'info', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logs.push(args.map(String).join(' '));
      });
    }
    const { services, server, remote, events, dataDir } = await setUp({
      replies: [openAiReply.text('ok'), openAiReply.httpError(401, 'Invalid token')],
    });
    const saved = await addServers(services, [server]);
    expect(saved.servers?.[0]?.headers).toEqual({ Authorization: DEFAULTS.servers.maskedHeaderValue });
    const viewed = await callService<Settings>(services, 'settings.get', {});
    expect(JSON.stringify(viewed)).not.toContain('sk-very-secret');
    // The form sends the masked value back with another change: the stored token stays.
    await addServers(services, [{ ...viewed.servers![0]!, name: 'GPU box (renamed)' }]);
    const run = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Hello', model: 'gpu-box::tooly' }),
    );
    expect((await services.waitForRun(run.runId)).reason).toBe('complete');
    expect(remote.requests.at(-1)?.headers.authorization).toBe(TOKEN);
    const failed = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: run.conversationId, text: 'Again', model: 'gpu-box::tooly' }),
    );
    const finish = await services.waitForRun(failed.runId);
    expect(finish.reason).toBe('provider_error');
    expect(finish.error).toMatch(/check the token/);

    const exports = await Promise.all(
      (['markdown', 'json'] as const).map((format) =>
        callService<{ content: string }>(services, 'conversation.export', { conversationId: run.conversationId, format }),
      ),
    );
    const snapshot = await callService<ConversationSnapshot>(services, 'conversation.get', { conversationId: run.conversationId });
    await vi.waitFor(() => expect(events.some((event) => event.type === 'run-finish' && event.runId === failed.runId)).toBe(true));
    const seen = [JSON.stringify(events), JSON.stringify(snapshot), ...exports.map((file) => file.content), logs.join('\n')].join('\n');
    expect(seen).not.toContain('sk-very-secret');
    // It is stored (settings.json), where it belongs.
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toContain('sk-very-secret');
  });

  it('two conversations on two servers at once: a stalled remote never blocks the local one', async () => {
    const { services, server } = await setUp({ replies: [openAiReply.stall('Thinking very slowly')] });
    await addServers(services, [server]);
    const slow = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Slow one', model: 'gpu-box::tooly' }),
    );
    const fast = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Fast one', model: 'llama3.2:3b' }),
    );
    expect((await services.waitForRun(fast.runId)).reason).toBe('complete');
    expect(await callService<{ cancelled: boolean }>(services, 'run.cancel', { runId: slow.runId })).toEqual({ cancelled: true });
    expect((await services.waitForRun(slow.runId)).reason).toBe('cancelled');
  });

  it('a failing server shows its error in its group while the local one keeps working', async () => {
    const { services, server } = await setUp({});
    await addServers(services, [{ ...server, headers: { Authorization: 'Bearer wrong' } }]);
    const list = await callService<ModelListResult>(services, 'models.list', {});
    expect(list.type).toBe('ok');
    expect(list.servers?.[0]).toMatchObject({ serverId: 'local', type: 'ok' });
    expect(list.servers?.[1]).toMatchObject({
      serverId: 'gpu-box',
      type: 'error',
      message: expect.stringMatching(/HTTP 401.*check the token/),
    });
    const run = runOf(await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Hi', model: 'llama3.2:3b' }));
    expect((await services.waitForRun(run.runId)).reason).toBe('complete');
  });

  it('a model of a server that was removed is refused with words before anything is stored, never run elsewhere', async () => {
    const { services } = await setUp({});
    const sent = await services.handle('chat.send', { conversationId: null, text: 'Hi', model: 'gone-box::tooly' });
    expect(sent).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no longer in Settings → Model servers/) } });
    expect(await callService<unknown[]>(services, 'conversations.list', {})).toEqual([]);
  });

  it('refuses plain http to a public address unless allow insecure is ticked', async () => {
    const { services } = await setUp({});
    const insecure = newServer({ id: 'far', name: 'Far', kind: 'ollama', baseUrl: 'http://203.0.113.7:11434' });
    const refused = await services.handle('settings.set', { servers: [insecure] });
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/only over https/) } });
    expect(await services.handle('settings.set', { servers: [{ ...insecure, allowInsecure: true }] })).toMatchObject({ ok: true });
    expect(await services.handle('settings.set', { servers: [{ ...insecure, baseUrl: 'http://192.168.1.20:11434' }] })).toMatchObject({
      ok: true,
    });
  });
});

describe('servers.test: says exactly what failed', () => {
  it('ok for each kind; wrong kind both ways; 401; refused; insecure; not a URL', async () => {
    const { services, local, remote, server } = await setUp({});
    await addServers(services, [server]);
    const test = (request: object) => callService<ServerTestResult>(services, 'servers.test', request);
    const base = { headers: {}, allowInsecure: false };
    expect(await test({ ...base, kind: 'ollama', baseUrl: local.url })).toMatchObject({
      type: 'ok',
      kind: 'ollama',
      version: expect.any(String),
    });
    // The saved token, masked in the form, is used for the test.
    expect(
      await test({
        ...base,
        id: 'gpu-box',
        kind: 'openai-compatible',
        baseUrl: remote.url,
        headers: { Authorization: DEFAULTS.servers.maskedHeaderValue },
      }),
    ).toMatchObject({
      type: 'ok',
      modelCount: 2,
    });
    expect(await test({ ...base, kind: 'openai-compatible', baseUrl: remote.baseUrl })).toMatchObject({
      type: 'error',
      failure: 'unauthorized',
      message: expect.stringContaining('check the token'),
    });
    expect(await test({ ...base, kind: 'openai-compatible', baseUrl: local.url })).toMatchObject({
      type: 'error',
      failure: 'wrong-kind',
      message: expect.stringContaining('is Ollama'),
    });
    expect(await test({ ...base, kind: 'ollama', baseUrl: remote.url, headers: { Authorization: TOKEN } })).toMatchObject({
      type: 'error',
      failure: 'wrong-kind',
      message: expect.stringContaining('OpenAI-compatible server, not Ollama'),
    });
    const closed = await startFakeOllama({ scenario: 'basic-chat' });
    const closedUrl = closed.url;
    await closed.close();
    expect(await test({ ...base, kind: 'ollama', baseUrl: closedUrl })).toMatchObject({ type: 'error', failure: 'refused' });
    expect(await test({ ...base, kind: 'ollama', baseUrl: 'http://203.0.113.7:11434' })).toMatchObject({
      type: 'error',
      failure: 'insecure',
    });
    expect(await test({ ...base, kind: 'ollama', baseUrl: 'ftp://x' })).toMatchObject({ type: 'error', failure: 'invalid-url' });
  });
});

describe('remote Ollama behind a proxy with a token', () => {
  async function remoteOllama(forbid?: { paths: string[]; status: number }): Promise<{ fake: FakeOllama; services: AppServices }> {
    const fake = await startFakeOllama({
      scenario: 'basic-chat',
      requireHeader: { name: 'authorization', value: TOKEN },
      ...(forbid ? { forbid } : {}),
    });
    cleanups.defer(() => fake.close());
    const { services } = await setUp({});
    await addServers(services, [
      newServer({ id: 'lab', name: 'Lab Ollama', kind: 'ollama', baseUrl: fake.url, headers: { Authorization: TOKEN } }),
    ]);
    return { fake, services };
  }

  it('sends the headers on list, chat and model admin', async () => {
    const { fake, services } = await remoteOllama();
    const list = await callService<ModelListResult>(services, 'models.list', {});
    expect(list.servers?.[1]).toMatchObject({ serverId: 'lab', type: 'ok', admin: { allowed: true, reason: null } });
    const run = runOf(
      await callService<SendResult>(services, 'chat.send', { conversationId: null, text: 'Say hello', model: 'lab::llama3.2:3b' }),
    );
    expect((await services.waitForRun(run.runId)).reason).toBe('complete');
    expect(await callService(services, 'models.unload', { name: 'lab::llama3.2:3b' })).toEqual({ unloaded: true, message: null });
    expect(await callService(services, 'models.delete', { name: 'lab::gemma:2b' })).toEqual({ deleted: true, message: null });
    expect(fake.requests.length).toBeGreaterThan(3);
    for (const request of fake.requests) expect(request.headers?.authorization).toBe(TOKEN);
    expect(fake.requests.find((request) => request.path === '/api/delete')?.body).toMatchObject({ name: 'gemma:2b' });
  });

  it('model admin is turned off with the reason when the proxy forbids it', async () => {
    const { services } = await remoteOllama({ paths: ['/api/delete', '/api/pull'], status: 403 });
    const answer = await callService<{ deleted: boolean; message: string | null }>(services, 'models.delete', { name: 'lab::gemma:2b' });
    expect(answer).toEqual({ deleted: false, message: expect.stringMatching(/does not allow managing models \(HTTP 403\)/) });
    const list = await callService<ModelListResult>(services, 'models.list', {});
    expect(list.servers?.[1]?.admin).toEqual({ allowed: false, reason: expect.stringContaining('HTTP 403') });
  });
});
