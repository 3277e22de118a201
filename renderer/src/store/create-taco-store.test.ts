import { DEFAULTS } from '../../../shared/constants';
import { describe, expect, it, vi } from 'vitest';
import type { TacoApi } from '../../../shared/contract/contract';
import { eventsFor } from '../../test/events';
import { createFakeApi } from '../../test/fake-api';
import { memoryStorage } from '../../test/render-app';
import { TacoCallError } from '../transport/taco-call-error';
import type { ConnectionState, TacoClient } from '../transport/taco-client';
import { applyEvents } from './events/apply-events';
import { emptyView } from './events/conversation-view';
import { connectStore, createTacoStore } from './create-taco-store';
import { selectActiveView } from './selectors';

function setup(api = createFakeApi(), storage = memoryStorage()) {
  const store = createTacoStore({ api, storage });
  connectStore(store, api);
  return { api, store, storage };
}

describe('store: models and settings', () => {
  it('selects the remembered default model when it is installed', async () => {
    const { api, store } = setup();
    api.handle('settings.get', () => ({ ...defaultsWith('qwen3') }));
    await store.getState().init();
    expect(store.getState().selectedModel).toBe('qwen3');
  });

  it('asks for the conversation list before the models at start: main answers in the order asked, and the list is what the window shows first', async () => {
    const { api, store } = setup();
    await store.getState().init();
    const names = api.calls.map((call) => call.name);
    expect(names.indexOf('conversations.list')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('conversations.list')).toBeLessThan(names.indexOf('models.list'));
  });

  it('asks for the conversation list without waiting for the settings’ answer: the list is the start’s longest answer', async () => {
    const { api, store } = setup();
    let answerSettings = (): void => undefined;
    api.handle('settings.get', () => new Promise((done) => (answerSettings = () => done(defaultsWith('llama3.2')))));
    const starting = store.getState().init();
    await vi.waitFor(() => expect(api.callsOf('settings.get')).toHaveLength(1));
    expect(api.calls.map((call) => call.name)).toContain('conversations.list');
    expect(api.callsOf('models.list')).toHaveLength(0);
    answerSettings();
    await starting;
    expect(store.getState().conversationsListing).toBe('listed');
    expect(store.getState().selectedModel).toBe('llama3.2');
  });

  it('falls back to the first model, and remembers a new choice through settings.set', async () => {
    const { api, store } = setup();
    await store.getState().init();
    expect(store.getState().selectedModel).toBe('llama3.2');
    await store.getState().selectModel('qwen3');
    expect(store.getState().selectedModel).toBe('qwen3');
    expect(api.callsOf('settings.set')).toEqual([{ defaultModel: 'qwen3' }]);
  });

  it('keeps an unreachable result for the banner and selects nothing', async () => {
    const { api, store } = setup();
    api.handle('models.list', () => ({ type: 'unreachable', host: 'http://127.0.0.1:11434', message: 'connect ECONNREFUSED' }));
    await store.getState().init();
    expect(store.getState().models).toMatchObject({ type: 'unreachable' });
    expect(store.getState().selectedModel).toBeNull();
  });

  it('shows a failed call as a notice instead of throwing', async () => {
    const { api, store } = setup();
    api.handle('models.list', () => {
      throw new TacoCallError('internal', 'Listing models failed. Try again.');
    });
    await expect(store.getState().loadModels()).resolves.toBeUndefined();
    expect(store.getState().notices.map((notice) => notice.message)).toEqual(['Listing models failed. Try again.']);
  });

  it('returns main’s refusal of a setting in words, and keeps the old settings', async () => {
    const { api, store } = setup();
    await store.getState().init();
    api.handle('settings.set', () => {
      throw new TacoCallError('invalid-payload', 'settings.set: invalid request: "ollamaHost" must be an http:// or https:// URL');
    });
    const result = await store.getState().saveSettings({ ollamaHost: 'ftp://x' });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('"ollamaHost"') });
    expect(store.getState().settings?.ollamaHost).toBe('http://127.0.0.1:11434');
  });
});

describe('store: conversations', () => {
  it('applies a batch in one store update, routed to each conversation', async () => {
    const { api, store } = setup();
    await store.getState().init();
    let updates = 0;
    store.subscribe(() => (updates += 1));
    const a = eventsFor('c1', 'r1');
    const b = eventsFor('c2', 'r2');
    api.emit([a.user('hi', 'm1'), a.start(), a.text('Hel'), b.user('other', 'm2'), a.text('lo')]);
    expect(updates).toBe(1);
    const views = store.getState().views;
    expect(views.c1?.items).toHaveLength(2);
    expect(views.c2?.items).toHaveLength(1);
  });

  it('a new chat becomes the conversation main created', async () => {
    const { api, store } = setup();
    await store.getState().init();
    api.handle('chat.send', () => ({ type: 'run', runId: 'r1', conversationId: 'new-1' }));
    await expect(store.getState().send('hello')).resolves.toBe(true);
    expect(api.callsOf('chat.send')).toEqual([{ conversationId: null, text: 'hello', model: 'llama3.2' }]);
    expect(store.getState().activeConversationId).toBe('new-1');
    expect(store.getState().loaded['new-1']).toBe(true);
  });

  it('a refused send leaves a notice and says so', async () => {
    const { api, store } = setup();
    await store.getState().init();
    api.handle('chat.send', () => {
      throw new TacoCallError('busy', 'A run is already going in this conversation. Stop it first.');
    });
    await expect(store.getState().send('hello')).resolves.toBe(false);
    expect(store.getState().notices[0]?.message).toContain('already going');
    expect(store.getState().sending).toBe(false);
  });

  it('opening a conversation rebuilds it from its stored events, with the reader’s notices shown', async () => {
    const { api, store } = setup();
    const e = eventsFor('c9', 'r1');
    const stored = [e.user('hi', 'm1'), e.start(), e.text('Hello!'), e.finish()];
    api.handle('conversation.get', () => ({
      summary: { conversationId: 'c9', title: 't', model: null, createdAt: 1, updatedAt: 2, pinned: false },
      events: stored,
      notices: ['The last line was torn and skipped.'],
    }));
    await store.getState().openConversation('c9');
    expect(selectActiveView(store.getState())).toEqual(applyEvents(emptyView('c9'), stored));
    expect(store.getState().notices[0]?.message).toContain('torn');
    await store.getState().openConversation('c9');
    expect(api.callsOf('conversation.get')).toHaveLength(1);
  });

  it('opening a conversation picks the model it last used, installed or not (the composer says when it is gone)', async () => {
    const { api, store } = setup();
    const summaryOf = (conversationId: string, model: string) => ({
      conversationId,
      title: 't',
      model,
      createdAt: 1,
      updatedAt: 2,
      pinned: false,
    });
    api.handle('conversations.list', () => [summaryOf('c1', 'qwen3'), summaryOf('c2', 'gone:1b')]);
    api.handle('conversation.get', (request) => ({ summary: summaryOf(request.conversationId, 'qwen3'), events: [], notices: [] }));
    await store.getState().init();
    const before = store.getState().selectedModel;
    expect(before).not.toBe('qwen3');
    await store.getState().openConversation('c1');
    expect(store.getState().selectedModel).toBe('qwen3');
    await store.getState().openConversation('c2');
    expect(store.getState().selectedModel).toBe('gone:1b');
    // Switching back is not a new default: only the open conversation is remembered.
    expect(api.callsOf('settings.set')).toEqual([{ lastConversationId: 'c1' }, { lastConversationId: 'c2' }]);
  });

  it('refreshes the conversation list when a run finishes', async () => {
    const { api, store } = setup();
    await store.getState().init();
    const before = api.callsOf('conversations.list').length;
    const e = eventsFor('c1', 'r1');
    api.emit([e.user('x', 'm1')]);
    api.emit([e.text('streaming')]);
    api.emit([e.text('more')]);
    api.emit([e.finish()]);
    await Promise.resolve();
    expect(api.callsOf('conversations.list').length - before).toBe(2);
  });
});

describe('store: run actions', () => {
  async function running() {
    const env = setup();
    await env.store.getState().init();
    await env.store.getState().send('go');
    const e = eventsFor('c1', 'r1');
    env.api.emit([e.user('go', 'm1'), e.start()]);
    return env;
  }

  it('cancels the active run', async () => {
    const { api, store } = await running();
    await store.getState().cancelRun();
    expect(api.callsOf('run.cancel')).toEqual([{ runId: 'r1' }]);
  });

  it('continues the conversation with the selected model', async () => {
    const { api, store } = await running();
    await store.getState().continueRun();
    expect(api.callsOf('chat.continue')).toEqual([{ conversationId: 'c1', model: 'llama3.2' }]);
  });

  it('says so when main no longer accepts an approval', async () => {
    const { api, store } = await running();
    api.handle('approval.respond', () => ({ accepted: false, message: 'That approval expired.' }));
    await store.getState().respondApproval('a1', 'allow-once');
    expect(api.callsOf('approval.respond')).toEqual([{ approvalId: 'a1', decision: 'allow-once' }]);
    expect(store.getState().notices.at(-1)?.message).toBe('That approval expired.');
    expect(store.getState().inFlight).toEqual({});
  });
});

describe('store: UI and connection', () => {
  it('has no panel choice until the user makes one, then remembers it', () => {
    const storage = memoryStorage();
    const { store } = setup(createFakeApi(), storage);
    expect(store.getState().panelCollapsed).toBe(null);
    store.getState().togglePanel(false);
    expect(storage.data[DEFAULTS.rendererStore.panelCollapsedKey]).toBe('true');
    const again = setup(createFakeApi(), storage);
    expect(again.store.getState().panelCollapsed).toBe(true);
  });

  it('reloads models, the list and the open conversation after a reconnect', async () => {
    const api = createFakeApi();
    const listeners = new Set<(state: ConnectionState) => void>();
    const client: TacoClient & TacoApi = {
      ...api,
      connection: () => ({ type: 'open' }),
      onConnectionChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const store = createTacoStore({ api: client, storage: null });
    connectStore(store, client);
    await store.getState().openConversation('c5');
    const gets = api.callsOf('conversation.get').length;
    for (const listener of listeners) listener({ type: 'reconnecting', attempt: 1, retryInMs: 100, message: 'dropped' });
    expect(store.getState().connection.type).toBe('reconnecting');
    for (const listener of listeners) listener({ type: 'open' });
    await Promise.resolve();
    expect(api.callsOf('conversation.get').length).toBe(gets + 1);
    expect(api.callsOf('models.list').length).toBeGreaterThan(0);
  });
});

function defaultsWith(defaultModel: string) {
  return {
    ollamaHost: 'http://127.0.0.1:11434',
    defaultModel,
    maxContextTokens: 8192,
    workspace: null,
    limits: { maxIterations: 10, maxConsecutiveErrors: 3, runTimeoutMs: 120_000, depthLimit: 20, toolOutputBudgetChars: 6000 },
    approvals: { read: 'allow', write: 'ask', shell: 'ask', network: 'ask' },
    toolApprovals: {},
    allowPrivateNetworkFetch: false,
    theme: 'system',
    fontSize: 14,
    toolBudget: 16,
    embeddingModel: '',
  } as const;
}
