import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { ConversationSearchHit, ConversationSnapshot, ConversationSummary } from '../../../shared/conversations/conversation';
import type { EventOf, TacoEvent } from '../../../shared/contract/events';
import type { AgentRunInput } from '../agent/loop/agent-types';
import type { ChatProvider, CompleteRequest } from '../provider/provider-types';
import type { AppPorts } from './app-ports';
import type { AppServices } from './app-services-types';
import { composeAppServices } from './compose-app-services';
import { defaultPorts } from './default-ports';
import { createScriptedProvider, fakePorts, fakeRunAgent } from './testing/fake-ports';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { callService, refusedCall, runOf } from './testing/service-calls';

const cleanups = cleanupAfterEach();

interface Harness {
  services: AppServices;
  events: TacoEvent[];
  inputs: AgentRunInput[];
  dataDir: string;
  call<T>(name: string, request: unknown): Promise<T>;
  fail(name: string, request: unknown): Promise<{ code: string; message: string }>;
}

/** The app services over the real conversation store in a temporary folder, with a fake loop. */
async function start(
  options: { complete?: (request: CompleteRequest) => Promise<string>; stall?: boolean; dataDir?: string; ports?: Partial<AppPorts> } = {},
): Promise<Harness> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'taco-manage-')));
  if (!options.dataDir) cleanups.defer(() => rm(dataDir, { recursive: true, force: true }));
  const inputs: AgentRunInput[] = [];
  const scripted = createScriptedProvider({
    host: 'h',
    replies: ['First answer.', 'Second answer.', 'Third answer.', 'Fourth answer.'],
    stall: options.stall,
  });
  const provider: ChatProvider = { ...scripted, complete: options.complete ?? (async () => '') };
  const services = await composeAppServices(
    { dataDir, openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      openStorage: (dir) => defaultPorts.openStorage(dir),
      createProvider: () => provider,
      runAgent: (input) => {
        inputs.push(input);
        return fakeRunAgent(input);
      },
      ...options.ports,
    }),
  );
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  return {
    services,
    events,
    inputs,
    dataDir,
    call: <T>(name: string, request: unknown) => callService<T>(services, name, request),
    fail: (name: string, request: unknown) => refusedCall(services, name, request),
  };
}

/** The real storage, with every conversation update it is asked for recorded. */
function watchedStorage(): { open: AppPorts['openStorage']; updates: unknown[] } {
  const updates: unknown[] = [];
  const open: AppPorts['openStorage'] = async (dir) => {
    const storage = await defaultPorts.openStorage(dir);
    const { conversations } = storage;
    const update = conversations.update.bind(conversations);
    conversations.update = (conversationId, patch) => {
      updates.push(patch);
      return update(conversationId, patch);
    };
    return storage;
  };
  return { open, updates };
}

const model = 'llama3.2:3b';
async function exchange(
  h: Harness,
  text: string,
  conversationId: string | null = null,
): Promise<{ runId: string; conversationId: string }> {
  const run = runOf(await h.call<SendResult>('chat.send', { conversationId, text, model }));
  await h.services.waitForRun(run.runId);
  return run;
}
const updates = (h: Harness): Array<EventOf<'conversation-updated'>> =>
  h.events.filter((event): event is EventOf<'conversation-updated'> => event.type === 'conversation-updated');
const eventually = (check: () => void | Promise<void>): Promise<void> => vi.waitFor(check, { timeout: 30_000, interval: 10 });

describe('conversation management', () => {
  it('rename, pin and options change the summary and say so with conversation-updated; the next run uses the options', async () => {
    const h = await start();
    const { conversationId } = await exchange(h, 'Plan a trip');
    expect(await h.call<ConversationSummary>('conversation.rename', { conversationId, title: 'Lisbon trip' })).toMatchObject({
      title: 'Lisbon trip',
    });
    expect(await h.call<ConversationSummary>('conversation.pin', { conversationId, pinned: true })).toMatchObject({ pinned: true });
    await h.call('conversation.setOptions', {
      conversationId,
      options: { temperature: 0.2, numCtx: 4096, keepAlive: '10m', systemPrompt: 'Be brief.' },
    });
    const options = await h.call<ConversationSummary>('conversation.setOptions', {
      conversationId,
      options: { numCtx: null, temperature: 0.4 },
    });
    expect(options.options).toEqual({ temperature: 0.4, keepAlive: '10m', systemPrompt: 'Be brief.' });
    await eventually(() =>
      expect(updates(h).map((event) => [event.summary.title, event.summary.pinned])).toEqual([
        ['Lisbon trip', false],
        ['Lisbon trip', true],
        ['Lisbon trip', true],
        ['Lisbon trip', true],
      ]),
    );

    await exchange(h, 'And the hotels?', conversationId);
    expect(h.inputs.at(-1)?.conversation).toMatchObject({ temperature: 0.4, keepAlive: '10m', systemPrompt: 'Be brief.' });
    expect(h.inputs.at(-1)?.conversation?.numCtx).toBeUndefined();
    expect((await h.fail('conversation.rename', { conversationId: 'missing', title: 'x' })).code).toBe('not-found');
  });

  it("the loop fits the history to the same num_ctx bound the provider sends: the user's maxContextTokens setting", async () => {
    const h = await start();
    await h.call('settings.set', { maxContextTokens: 4096 });
    await exchange(h, 'Plan a trip');
    expect(h.inputs.at(-1)?.maxContextTokens).toBe(4096);
  });

  it('names a new conversation from its first exchange with a side request, and says so', async () => {
    const asked: string[] = [];
    const h = await start({
      complete: async (request) => {
        asked.push(request.messages.map((message) => message.content).join('\n'));
        return 'Title: "Greeting the user politely today, at length."';
      },
    });
    const { conversationId } = await exchange(h, 'Say hello to me please');
    await eventually(() => expect(updates(h).map((event) => event.summary.title)).toEqual(['Greeting the user politely today, at']));
    expect(asked[0]).toMatch(/at most 6 words[\s\S]*User: Say hello to me please[\s\S]*Assistant: First answer\./);
    expect((await h.call<ConversationSnapshot>('conversation.get', { conversationId })).summary.title).toBe(
      'Greeting the user politely today, at',
    );
    await exchange(h, 'Again', conversationId);
    expect(asked).toHaveLength(1);
  });

  it("keeps the first words when the side request fails, and the user's own title when they rename first", async () => {
    let failed: Promise<string> | null = null;
    const failing = await start({ complete: () => (failed = Promise.reject(new Error('model busy'))) });
    const first = await exchange(failing, 'What is the capital of France');
    await eventually(() => expect(failed).not.toBeNull());
    await (failed as Promise<string> | null)?.catch(() => undefined);
    // What the scheduler does after a failed request is promise callbacks only: all run before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await failing.call<ConversationSnapshot>('conversation.get', { conversationId: first.conversationId })).summary.title).toBe(
      'What is the capital of France',
    );

    let release: ((title: string) => void) | null = null;
    const storage = watchedStorage();
    const slow = await start({
      complete: () => new Promise<string>((resolve) => (release = resolve)),
      ports: { openStorage: storage.open },
    });
    const second = await exchange(slow, 'Explain tides');
    await eventually(() => expect(release).not.toBeNull());
    await slow.call('conversation.rename', { conversationId: second.conversationId, title: 'My tides' });
    const updatesBefore = storage.updates.length;
    (release as ((title: string) => void) | null)?.('Ocean tides explained');
    // The rename cancelled the request: what is left of it is promise callbacks, all run before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    expect(storage.updates.slice(updatesBefore)).toEqual([]);
    expect((await slow.call<ConversationSnapshot>('conversation.get', { conversationId: second.conversationId })).summary.title).toBe(
      'My tides',
    );
  });

  it('searches every conversation and deletes one for good, its run stopped first', async () => {
    const h = await start({ stall: true });
    const run = runOf(await h.call<SendResult>('chat.send', { conversationId: null, text: 'Tell me about volcanoes', model }));
    expect((await h.call<ConversationSearchHit[]>('conversations.search', { query: 'volcano' })).map((hit) => hit.conversationId)).toEqual([
      run.conversationId,
    ]);
    expect(await h.call('conversation.delete', { conversationId: run.conversationId })).toEqual({ deleted: true });
    expect((await h.services.waitForRun(run.runId)).reason).toBe('cancelled');
    expect(await h.call('conversations.list', {})).toEqual([]);
    expect(await h.call('conversations.search', { query: 'volcano' })).toEqual([]);
    expect((await h.fail('conversation.get', { conversationId: run.conversationId })).code).toBe('not-found');
    expect((await h.fail('chat.send', { conversationId: run.conversationId, text: 'still there?', model })).code).toBe('not-found');
    expect(await h.call('conversation.delete', { conversationId: run.conversationId })).toEqual({ deleted: false });
  });

  it('exports Markdown and JSON; a JSON import is a new conversation that says so; a bad one changes nothing', async () => {
    const h = await start();
    const { conversationId } = await exchange(h, 'Write a haiku');
    const markdown = await h.call<{ filename: string; mimeType: string; content: string }>('conversation.export', {
      conversationId,
      format: 'markdown',
    });
    expect(markdown).toMatchObject({ filename: 'write-a-haiku.md', mimeType: 'text/markdown' });
    expect(markdown.content).toContain('## You\n\nWrite a haiku');
    const json = await h.call<{ filename: string; mimeType: string; content: string }>('conversation.export', {
      conversationId,
      format: 'json',
    });
    expect(json).toMatchObject({ filename: 'write-a-haiku.json', mimeType: 'application/json' });

    const imported = await h.call<ConversationSummary>('conversation.import', { content: json.content });
    expect(imported.conversationId).not.toBe(conversationId);
    await eventually(() => expect(updates(h).at(-1)?.summary.conversationId).toBe(imported.conversationId));
    const original = await h.call<ConversationSnapshot>('conversation.get', { conversationId });
    const copy = await h.call<ConversationSnapshot>('conversation.get', { conversationId: imported.conversationId });
    expect(copy.events.map((event) => ({ ...event, conversationId: '*' }))).toEqual(
      original.events.map((event) => ({ ...event, conversationId: '*' })),
    );

    const refused = await h.fail('conversation.import', { content: json.content.replace('"user-message"', '"user-mess"') });
    expect(refused).toMatchObject({ code: 'invalid-payload', message: expect.stringMatching(/events\[0\] \(user-mess\)/) });
    expect((await h.call<ConversationSummary[]>('conversations.list', {})).length).toBe(2);
  });
});

describe('editing the conversation', () => {
  it('chat.edit branches at the message, appends the new text and runs without the other branch', async () => {
    const h = await start();
    const first = await exchange(h, 'one');
    await exchange(h, 'two', first.conversationId);
    const before = await h.call<ConversationSnapshot>('conversation.get', { conversationId: first.conversationId });
    const two = before.events.find((event): event is EventOf<'user-message'> => event.type === 'user-message' && event.text === 'two');
    if (!two) throw new Error('no message "two"');

    const edited = runOf(
      await h.call<SendResult>('chat.edit', { conversationId: first.conversationId, messageId: two.messageId, text: 'two, better', model }),
    );
    await h.services.waitForRun(edited.runId);
    expect(h.inputs.at(-1)?.history).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'First answer.' },
    ]);
    const after = await h.call<ConversationSnapshot>('conversation.get', { conversationId: first.conversationId });
    const tail = after.events.slice(before.events.length);
    expect(tail.slice(0, 2)).toEqual([
      {
        type: 'timeline-rewound',
        conversationId: first.conversationId,
        fromMessageId: two.messageId,
        messageId: expect.any(String),
        at: expect.any(Number),
      },
      expect.objectContaining({ type: 'user-message', text: 'two, better' }),
    ]);
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);

    expect(
      await h.fail('chat.edit', { conversationId: first.conversationId, messageId: two.messageId, text: 'again', model }),
    ).toMatchObject({ code: 'not-found' });
    expect(await h.fail('chat.edit', { conversationId: first.conversationId, messageId: two.messageId, text: '   ', model })).toMatchObject(
      { code: 'invalid-payload' },
    );
  });

  it('chat.regenerate sends the last message again under a new id; a run in progress makes both busy', async () => {
    const h = await start();
    const first = await exchange(h, 'Tell a joke');
    const regenerated = runOf(await h.call<SendResult>('chat.regenerate', { conversationId: first.conversationId, model }));
    await h.services.waitForRun(regenerated.runId);
    const snapshot = await h.call<ConversationSnapshot>('conversation.get', { conversationId: first.conversationId });
    const users = snapshot.events.filter((event): event is EventOf<'user-message'> => event.type === 'user-message');
    expect(users.map((event) => event.text)).toEqual(['Tell a joke', 'Tell a joke']);
    expect(users[1]?.messageId).not.toBe(users[0]?.messageId);
    expect(snapshot.events.find((event) => event.type === 'timeline-rewound')).toMatchObject({ fromMessageId: users[0]?.messageId });
    expect(h.inputs.at(-1)?.history).toEqual([]);
    expect(h.inputs.at(-1)?.userText).toBe('Tell a joke');

    const stalled = await start({ stall: true });
    const running = runOf(await stalled.call<SendResult>('chat.send', { conversationId: null, text: 'slow', model }));
    expect((await stalled.fail('chat.regenerate', { conversationId: running.conversationId, model })).code).toBe('busy');
    const message = (await stalled.call<ConversationSnapshot>('conversation.get', { conversationId: running.conversationId })).events[0];
    expect(
      (
        await stalled.fail('chat.edit', {
          conversationId: running.conversationId,
          messageId: message?.type === 'user-message' ? message.messageId : 'x',
          text: 'x',
          model,
        })
      ).code,
    ).toBe('busy');
    const empty = await start();
    const command = await empty.call<SendResult>('chat.send', { conversationId: null, text: '/help', model });
    // A command in a new chat stores no conversation, so there is nothing to regenerate.
    expect(command.conversationId).toBeNull();
    expect((await empty.fail('chat.regenerate', { conversationId: 'never-stored', model })).code).toBe('not-found');
  });
});
