import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { EventOf, TacoEvent } from '../../../shared/contract/events';
import type { ModelListResult } from '../../../shared/models/models';
import type { Settings } from '../../../shared/settings/settings';
import type { AppPorts } from './app-ports';
import type { AppServices } from './app-services-types';
import { CONTINUE_PROMPT } from './handlers/chat-send';
import { composeAppServices } from './compose-app-services';
import { helpText, statusText, toolsText, toolText } from '../orchestration/command-texts';
import { createMemoryStorage, createScriptedProvider, fakePorts, fakeRunAgent } from './testing/fake-ports';
import { callService, refusedCall, runOf } from './testing/service-calls';

interface Harness {
  services: AppServices;
  events: TacoEvent[];
  storage: ReturnType<typeof createMemoryStorage>;
  call<T>(name: string, request: unknown): Promise<T>;
  fail(name: string, request: unknown): Promise<{ code: string; message: string }>;
}

async function start(
  options: { ports?: Partial<AppPorts>; ollamaHost?: string; openExternal?: (url: string) => Promise<void> } = {},
): Promise<Harness> {
  const storage = createMemoryStorage();
  const services = await composeAppServices(
    {
      dataDir: '/nowhere',
      ollamaHost: options.ollamaHost,
      openExternal: options.openExternal ?? (async () => undefined),
      batchIntervalMs: 1,
    },
    fakePorts({ storage, ...options.ports }),
  );
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  return {
    services,
    events,
    storage,
    call: <T>(name: string, request: unknown) => callService<T>(services, name, request),
    fail: (name: string, request: unknown) => refusedCall(services, name, request),
  };
}

const send = (h: Harness, text: string, conversationId: string | null = null): Promise<SendResult> =>
  h.call<SendResult>('chat.send', { conversationId, text, model: 'llama3.2:3b' });

async function until(predicate: () => boolean): Promise<void> {
  await vi.waitFor(() => {
    if (!predicate()) throw new Error('not yet');
  });
}

describe('app services: calls and validation', () => {
  it('refuses an unknown call and a bad payload, naming the field', async () => {
    const h = await start();
    expect(await h.fail('chat.explode', {})).toMatchObject({ code: 'unknown-call' });
    const bad = await h.fail('chat.send', { conversationId: null, text: 42, model: 'llama3.2:3b' });
    expect(bad.code).toBe('invalid-payload');
    expect(bad.message).toContain('"text"');
    expect((await h.fail('run.cancel', { runId: 'r', extra: 1 })).code).toBe('invalid-payload');
    expect(await h.fail('settings.get', null)).toMatchObject({ code: 'invalid-payload' });
  });

  it('a refused settings value changes nothing; a valid one is stored', async () => {
    const h = await start();
    const before = await h.call<Settings>('settings.get', {});
    const refused = await h.fail('settings.set', { ollamaHost: 'file:///etc/passwd', fontSize: 16 });
    expect(refused.message).toContain('"ollamaHost"');
    expect(await h.call<Settings>('settings.get', {})).toEqual(before);
    expect(h.storage.savedSettings().fontSize).toBe(before.fontSize);
    const after = await h.call<Settings>('settings.set', { fontSize: 16, limits: { maxIterations: 4 } });
    expect(after.fontSize).toBe(16);
    expect(after.limits.maxIterations).toBe(4);
    expect(after.limits.depthLimit).toBe(before.limits.depthLimit);
  });

  it('the --host flag wins until the user sets the host, and the provider follows the setting', async () => {
    const created: string[] = [];
    const h = await start({
      ollamaHost: 'http://127.0.0.1:1',
      ports: {
        createProvider: ({ host }) => {
          created.push(host);
          return createScriptedProvider({ host, unreachable: host.endsWith(':1') });
        },
      },
    });
    expect((await h.call<Settings>('settings.get', {})).ollamaHost).toBe('http://127.0.0.1:1');
    expect(h.storage.savedSettings().ollamaHost).toBe('http://127.0.0.1:11434');
    const down = await h.call<ModelListResult>('models.list', {});
    expect(down).toEqual({ type: 'unreachable', host: 'http://127.0.0.1:1', message: expect.stringContaining('ollama serve') });
    await h.call('settings.set', { ollamaHost: 'http://127.0.0.1:2' });
    const up = await h.call<ModelListResult>('models.list', {});
    expect(up).toMatchObject({ type: 'ok', host: 'http://127.0.0.1:2' });
    expect(created).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2']);
  });

  it('opens only http(s) links', async () => {
    const opened: string[] = [];
    const h = await start({ openExternal: async (url) => void opened.push(url) });
    expect(await h.call('app.openExternal', { url: 'javascript:alert(1)' })).toMatchObject({ opened: false });
    expect(await h.call('app.openExternal', { url: 'file:///etc/passwd' })).toMatchObject({ opened: false });
    expect(await h.call('app.openExternal', { url: 'https://ollama.com/download' })).toEqual({ opened: true, message: null });
    expect(opened).toEqual(['https://ollama.com/download']);
  });
});

describe('app services: runs', () => {
  it('a plain chat creates the conversation, streams and finishes complete, and is persisted', async () => {
    const h = await start({ ports: { createProvider: ({ host }) => createScriptedProvider({ host, replies: ['Hi, how can I help?'] }) } });
    const run = runOf(await send(h, 'Say hello to me please'));
    const finish = await h.services.waitForRun(run.runId);
    expect(finish.reason).toBe('complete');
    await until(() => h.events.some((e) => e.type === 'run-finish'));
    const types = h.events.map((e) => e.type);
    expect(types[0]).toBe('user-message');
    expect(types).toContain('run-start');
    expect(types[types.length - 1]).toBe('run-finish');
    const text = h.events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
    expect(text).toBe('Hi, how can I help?');
    const list = await h.call<Array<{ conversationId: string; title: string }>>('conversations.list', {});
    expect(list).toEqual([expect.objectContaining({ conversationId: run.conversationId, title: 'Say hello to me please' })]);
    // Persisted: services started afresh over the same storage (a restart) show the conversation
    // as it streamed, the answer included, not just what the first services kept in memory.
    await h.services.dispose();
    const restarted = await composeAppServices(
      { dataDir: '/nowhere', openExternal: async () => undefined, batchIntervalMs: 1 },
      fakePorts({ storage: h.storage }),
    );
    const snapshot = await callService<{ events: TacoEvent[] }>(restarted, 'conversation.get', { conversationId: run.conversationId });
    expect(snapshot.events[0]).toMatchObject({ type: 'user-message', text: 'Say hello to me please' });
    expect(snapshot.events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('')).toBe('Hi, how can I help?');
    expect(snapshot.events.at(-1)).toMatchObject({ type: 'run-finish', runId: run.runId, reason: 'complete' });
    expect(await callService(restarted, 'conversations.list', {})).toEqual(list);
    await restarted.dispose();
  });

  it('sends the stored history with the next message', async () => {
    const provider = createScriptedProvider({ host: 'h', replies: ['First answer.', 'Second answer.'] });
    const h = await start({ ports: { createProvider: () => provider } });
    const first = runOf(await send(h, 'one'));
    await h.services.waitForRun(first.runId);
    const second = runOf(await send(h, 'two', first.conversationId));
    await h.services.waitForRun(second.runId);
    expect(provider.asked[1]).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'two' },
    ]);
  });

  it('refuses a second send while the conversation is busy, and Stop cancels the run', async () => {
    const h = await start({ ports: { createProvider: ({ host }) => createScriptedProvider({ host, stall: true }) } });
    const run = runOf(await send(h, 'write a long story'));
    const busy = await h.fail('chat.send', { conversationId: run.conversationId, text: 'and another', model: 'llama3.2:3b' });
    expect(busy.code).toBe('busy');
    expect(busy.message).toMatch(/still answering.*Stop/);
    expect(await h.call('run.cancel', { runId: run.runId })).toEqual({ cancelled: true });
    expect((await h.services.waitForRun(run.runId)).reason).toBe('cancelled');
    expect(await h.call('run.cancel', { runId: run.runId })).toEqual({ cancelled: false });
  });

  it('a send to a conversation that does not exist is not-found', async () => {
    const h = await start();
    expect(await h.fail('chat.send', { conversationId: 'nope', text: 'hi', model: 'm' })).toMatchObject({ code: 'not-found' });
  });

  it('synthesises a run-finish when the loop throws', async () => {
    const h = await start({
      ports: {
        runAgent: async () => {
          throw new Error('boom');
        },
      },
    });
    const run = runOf(await send(h, 'hi'));
    const finish = await h.services.waitForRun(run.runId);
    expect(finish).toMatchObject({ reason: 'provider_error', error: 'boom' });
    const again = runOf(await send(h, 'again', run.conversationId));
    expect(again.runId).not.toBe(run.runId);
  });

  it('chat.continue repeats the last goal without a new user message', async () => {
    const provider = createScriptedProvider({ host: 'h', replies: ['a', 'b'] });
    const h = await start({ ports: { createProvider: () => provider } });
    expect(await h.fail('chat.continue', { conversationId: 'nope', model: 'm' })).toMatchObject({ code: 'not-found' });
    const first = runOf(await send(h, 'list my files'));
    await h.services.waitForRun(first.runId);
    const next = runOf(await h.call<SendResult>('chat.continue', { conversationId: first.conversationId, model: 'llama3.2:3b' }));
    await h.services.waitForRun(next.runId);
    const stored = h.storage.events.get(first.conversationId) ?? [];
    expect(stored.filter((e) => e.type === 'user-message')).toHaveLength(1);
    const starts = stored.filter((e): e is EventOf<'run-start'> => e.type === 'run-start');
    expect(starts.map((e) => e.goal)).toEqual(['list my files', 'list my files']);
  });

  it('dispose aborts running runs', async () => {
    const h = await start({ ports: { createProvider: ({ host }) => createScriptedProvider({ host, stall: true }) } });
    const run = runOf(await send(h, 'stall'));
    await h.services.dispose();
    expect((await h.services.waitForRun(run.runId)).reason).toBe('cancelled');
    expect(await h.fail('settings.get', {})).toMatchObject({ code: 'internal' });
  });
});

/** /status with an empty stack, in the real command's words. */
const NO_TASK = statusText({ frames: [], depthLimit: 20, originalRequest: null });

describe('app services: commands and pending tasks', () => {
  it('answers a command in a new chat without storing a conversation or emitting an event', async () => {
    const h = await start();
    for (const command of ['/help', '/tools', '/status', '/cancel', '/undo', '/frobnicate']) {
      expect(await send(h, command)).toMatchObject({ type: 'command', conversationId: null, command });
    }
    expect(await send(h, '/help')).toMatchObject({ output: helpText() });
    expect(await h.call('conversations.list', {})).toEqual([]);
    expect(h.storage.events.size).toBe(0);
    expect(h.events).toEqual([]);
  });

  it('answers slash commands with command-output events, without starting a run', async () => {
    const h = await start();
    const first = runOf(await send(h, 'Hello'));
    await h.services.waitForRun(first.runId);
    const conversationId = first.conversationId;
    expect(await send(h, '/help', conversationId)).toMatchObject({ type: 'command', command: '/help', output: helpText() });
    expect(await send(h, '/tool read_file', conversationId)).toMatchObject({ output: toolText([], 'read_file') });
    expect(await send(h, '/tools', conversationId)).toMatchObject({ output: toolsText([]) });
    expect(await send(h, '/status', conversationId)).toMatchObject({ output: NO_TASK });
    expect(await send(h, '/frobnicate', conversationId)).toMatchObject({ output: expect.stringContaining('/help') });
    expect(await send(h, '/cancel', conversationId)).toMatchObject({ output: 'Nothing to cancel: no task is running.' });
    const stored = (h.storage.events.get(conversationId) ?? []).filter((e) => e.type === 'command-output');
    expect(stored).toHaveLength(6);
  });

  it('/cancel stops the run and clears the stack', async () => {
    const h = await start({ ports: { runAgent: (input) => fakeRunAgent(input, { ask: 'Which file?' }) } });
    const run = runOf(await send(h, 'save my notes'));
    await until(() => h.events.some((e) => e.type === 'question'));
    expect(await send(h, '/status', run.conversationId)).toMatchObject({
      output: expect.stringContaining('Original request: "save my notes"\nDepth: 1 of 20'),
    });
    expect(await send(h, '/cancel', run.conversationId)).toMatchObject({
      output: 'Cancelled the current task and cleared the tool stack.',
    });
    expect((await h.services.waitForRun(run.runId)).reason).toBe('cancelled');
    expect(await send(h, '/status', run.conversationId)).toMatchObject({ output: NO_TASK });
  });

  it('empty input while a task is pending asks to continue; "n" abandons it', async () => {
    const h = await start({ ports: { runAgent: (input) => fakeRunAgent(input, { ask: 'Which file?' }) } });
    expect((await h.fail('chat.send', { conversationId: null, text: '  ', model: 'm' })).message).toContain('"text" is empty');
    const run = runOf(await send(h, 'save my notes'));
    await until(() => h.events.some((e) => e.type === 'question'));
    expect(await send(h, '', run.conversationId)).toMatchObject({ type: 'command', output: CONTINUE_PROMPT });
    expect(await send(h, 'n', run.conversationId)).toMatchObject({ type: 'command', output: expect.stringContaining('Abandoned') });
    expect((await h.services.waitForRun(run.runId)).reason).toBe('cancelled');
  });

  it('"y" to "Continue with current task?" starts a new run on the same goal when frames wait on the stack', async () => {
    let runs = 0;
    const h = await start({
      ports: {
        runAgent: async (input) => {
          runs += 1;
          if (runs === 1) input.stack.push({ tool: 'create_code', callId: 'c1', parentFrameId: null, waitingFor: 'save_file' });
          else input.stack.clear();
          return fakeRunAgent(input);
        },
      },
    });
    const first = runOf(await send(h, 'write hello.py'));
    await h.services.waitForRun(first.runId);
    expect(await send(h, '', first.conversationId)).toMatchObject({ type: 'command', output: CONTINUE_PROMPT });
    const again = runOf(await send(h, 'y', first.conversationId));
    expect(again.runId).not.toBe(first.runId);
    expect((await h.services.waitForRun(again.runId)).reason).toBe('complete');
    const starts = (h.storage.events.get(first.conversationId) ?? []).filter((e): e is EventOf<'run-start'> => e.type === 'run-start');
    expect(starts.map((e) => e.goal)).toEqual(['write hello.py', 'write hello.py']);
    expect(await send(h, '', first.conversationId).catch((error: Error) => error.message)).toContain('"text" is empty');
  });

  it('a reply typed while a question waits answers it when it is about the same task', async () => {
    const h = await start({ ports: { runAgent: (input) => fakeRunAgent(input, { ask: 'Which file?' }) } });
    const run = runOf(await send(h, 'save my notes'));
    await until(() => h.events.some((e) => e.type === 'question'));
    const answered = await send(h, 'notes.txt', run.conversationId);
    expect(answered).toEqual({ type: 'run', runId: run.runId, conversationId: run.conversationId });
    expect((await h.services.waitForRun(run.runId)).reason).toBe('complete');
    await until(() => h.events.some((e) => e.type === 'run-finish'));
    expect(h.events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('')).toContain('You said notes.txt.');
    expect(h.events.some((e) => e.type === 'question-answered' && e.answer === 'notes.txt')).toBe(true);
  });

  it('any new message while frames wait on the stack is checked: a new request clears them, one about the task keeps them', async () => {
    const h = await start({
      ports: {
        runAgent: async (input) => {
          if (input.userText === 'write hello.py')
            input.stack.push({ tool: 'create_code', callId: 'c1', parentFrameId: null, waitingFor: 'save_file' });
          return fakeRunAgent(input);
        },
      },
    });
    const first = runOf(await send(h, 'write hello.py'));
    await h.services.waitForRun(first.runId);
    const kept = runOf(await send(h, 'and add a comment', first.conversationId));
    await h.services.waitForRun(kept.runId);
    expect(await send(h, '/status', first.conversationId)).toMatchObject({ output: expect.stringContaining('create_code') });

    const other = runOf(await send(h, 'new: what is the capital of France?', first.conversationId));
    await h.services.waitForRun(other.runId);
    expect(await send(h, '/status', first.conversationId)).toMatchObject({ output: NO_TASK });
  });

  it('a reply about something else abandons the paused task and starts a new run', async () => {
    const h = await start({
      ports: { runAgent: (input) => fakeRunAgent(input, { ask: input.userText.startsWith('new:') ? undefined : 'Which file?' }) },
    });
    const run = runOf(await send(h, 'save my notes'));
    await until(() => h.events.some((e) => e.type === 'question'));
    const next = runOf(await send(h, 'new: what is the capital of France?', run.conversationId));
    expect(next.runId).not.toBe(run.runId);
    expect((await h.services.waitForRun(run.runId)).reason).toBe('cancelled');
    expect((await h.services.waitForRun(next.runId)).reason).toBe('complete');
  });
});
