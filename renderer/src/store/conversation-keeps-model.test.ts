import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings/settings';
import { newServer } from '../../../shared/models/servers';
import type { ModelListResult, ServerModels } from '../../../shared/models/models';
import { createFakeApi, model, summary } from '../../test/fake-api';
import { memoryStorage } from '../../test/render-app';
import { connectStore, createTacoStore } from './create-taco-store';
import { modelAvailability } from './model-availability';
import { selectActiveView } from './selectors';

const docsBox = newServer({ id: 'docs-box', name: 'Docs box', kind: 'ollama', baseUrl: 'http://127.0.0.1:9' });

function serverRow(overrides: Partial<ServerModels>): ServerModels {
  return {
    serverId: 'local',
    name: 'This computer',
    kind: 'ollama',
    host: 'http://127.0.0.1:11434',
    type: 'ok',
    message: null,
    admin: { allowed: true, reason: null },
    models: [],
    ...overrides,
  };
}

/** The local server answers; Docs box does not (its models are missing from the list). */
const docsBoxDown: ModelListResult = {
  type: 'ok',
  host: 'http://127.0.0.1:11434',
  models: [model('llama3.2')],
  servers: [
    serverRow({ models: [model('llama3.2')] }),
    serverRow({ serverId: 'docs-box', name: 'Docs box', host: docsBox.baseUrl, type: 'unreachable', message: 'connect ECONNREFUSED' }),
  ],
};
const docsBoxUp: ModelListResult = {
  ...docsBoxDown,
  models: [model('llama3.2'), { ...model('docs-box::qwen3'), server: { id: 'docs-box', name: 'Docs box' }, label: 'qwen3' }],
  servers: [serverRow({ models: [model('llama3.2')] }), serverRow({ serverId: 'docs-box', name: 'Docs box', host: docsBox.baseUrl })],
};

function setup(list: () => ModelListResult) {
  const api = createFakeApi();
  let settings = { ...defaultSettings(), servers: [docsBox], defaultModel: 'llama3.2' };
  api.handle('settings.get', () => settings);
  api.handle('settings.set', (patch) => {
    settings = { ...settings, ...(patch as Partial<typeof settings>) };
    return settings;
  });
  api.handle('models.list', list);
  api.handle('conversations.list', () => [summary('c1', { model: 'docs-box::qwen3' })]);
  api.handle('conversation.get', () => ({ summary: summary('c1', { model: 'docs-box::qwen3' }), events: [], notices: [] }));
  const store = createTacoStore({ api, storage: memoryStorage() });
  connectStore(store, api);
  return { api, store };
}

describe('a conversation keeps its server and model', () => {
  it('keeps the model of a conversation whose server is down, says so by the server’s name, and refuses to send', async () => {
    let list = docsBoxDown;
    const { api, store } = setup(() => list);
    await store.getState().init();
    await store.getState().openConversation('c1');
    expect(store.getState().selectedModel).toBe('docs-box::qwen3');
    expect(modelAvailability(store.getState())).toEqual({
      type: 'unavailable',
      reason: 'offline',
      model: 'qwen3',
      server: 'Docs box',
      message: 'Docs box is offline',
    });

    expect(await store.getState().send('Are you there?')).toBe(false);
    expect(api.callsOf('chat.send')).toEqual([]);

    // A list refresh while the server is still down does not move the conversation either.
    await store.getState().loadModels();
    expect(store.getState().selectedModel).toBe('docs-box::qwen3');

    // Retry finds the server again: the same model answers.
    list = docsBoxUp;
    await store.getState().loadModels();
    expect(modelAvailability(store.getState())).toEqual({ type: 'ready' });
    expect(await store.getState().send('Are you there?')).toBe(true);
    expect(api.callsOf('chat.send')).toEqual([{ conversationId: 'c1', text: 'Are you there?', model: 'docs-box::qwen3' }]);
  });

  it('says a model is gone from a server that answers, and a turned-off server, in words', () => {
    const base = { selectedModel: 'docs-box::qwen3', settings: { ...defaultSettings(), servers: [docsBox] } };
    const answering = { ...docsBoxUp, models: [model('llama3.2')] };
    expect(modelAvailability({ ...base, models: answering })).toMatchObject({
      reason: 'missing',
      message: '“qwen3” is no longer on Docs box',
    });
    const off = { ...base, settings: { ...base.settings, servers: [{ ...docsBox, enabled: false }] }, models: docsBoxDown };
    expect(modelAvailability(off)).toMatchObject({ reason: 'turned-off', message: 'Docs box is turned off in Settings' });
    const removed = { ...base, settings: defaultSettings(), models: docsBoxDown };
    expect(modelAvailability(removed)).toMatchObject({ reason: 'removed' });
  });

  it('lets a command through while the model is unavailable', async () => {
    const { api, store } = setup(() => docsBoxDown);
    await store.getState().init();
    await store.getState().openConversation('c1');
    api.handle('chat.send', (request) => ({
      type: 'command',
      conversationId: request.conversationId,
      command: '/help',
      output: 'Commands…',
    }));
    expect(await store.getState().send('/help')).toBe(true);
  });
});

describe('the new chat and the last conversation', () => {
  it('shows a command’s answer in the new chat without a stored conversation', async () => {
    const { api, store } = setup(() => docsBoxUp);
    await store.getState().init();
    store.getState().newConversation();
    api.handle('chat.send', () => ({ type: 'command', conversationId: null, command: '/help', output: 'Commands: /help, /tools' }));
    expect(await store.getState().send('/help')).toBe(true);
    expect(store.getState().activeConversationId).toBeNull();
    const view = selectActiveView(store.getState());
    expect(view.items).toMatchObject([{ type: 'system-note', command: '/help', output: 'Commands: /help, /tools' }]);
    store.getState().newConversation();
    expect(selectActiveView(store.getState()).items).toEqual([]);
  });

  it('remembers the open conversation in main and reopens it on the next start, if it still exists', async () => {
    const first = setup(() => docsBoxUp);
    await first.store.getState().init();
    expect(first.store.getState().activeConversationId).toBeNull();
    await first.store.getState().openConversation('c1');
    expect(first.api.callsOf('settings.set')).toContainEqual({ lastConversationId: 'c1' });

    const reloaded = setup(() => docsBoxUp);
    reloaded.api.handle('settings.get', () => ({ ...defaultSettings(), servers: [docsBox], lastConversationId: 'c1' }));
    await reloaded.store.getState().init();
    expect(reloaded.store.getState().activeConversationId).toBe('c1');
    expect(reloaded.store.getState().selectedModel).toBe('docs-box::qwen3');

    const gone = setup(() => docsBoxUp);
    gone.api.handle('settings.get', () => ({ ...defaultSettings(), lastConversationId: 'deleted' }));
    await gone.store.getState().init();
    expect(gone.store.getState().activeConversationId).toBeNull();
  });
});
