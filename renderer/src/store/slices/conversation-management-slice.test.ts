import { DEFAULTS } from '../../../../shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { createFakeApi, summary } from '../../../test/fake-api';
import { memoryStorage } from '../../../test/render-app';
import { TacoCallError } from '../../transport/taco-call-error';
import { connectStore, createTacoStore } from '../create-taco-store';

async function setup(api = createFakeApi()) {
  api.handle('conversations.list', () => [summary('a', { title: 'Alpha' }), summary('b', { title: 'Beta' })]);
  const store = createTacoStore({ api, storage: memoryStorage() });
  connectStore(store, api);
  await store.getState().init();
  return { api, store };
}

const titles = (list: { title: string }[]) => list.map((entry) => entry.title);

describe('conversation management: rename and pin', () => {
  it('renames through main and shows main’s summary', async () => {
    const { api, store } = await setup();
    expect(await store.getState().renameConversation('a', '  Trip plans ')).toEqual({ ok: true });
    expect(api.callsOf('conversation.rename')).toEqual([{ conversationId: 'a', title: 'Trip plans' }]);
    expect(titles(store.getState().conversations)).toEqual(['Trip plans', 'Beta']);
  });

  it('does not call main for an unchanged title, and refuses an empty one in words', async () => {
    const { api, store } = await setup();
    expect(await store.getState().renameConversation('a', 'Alpha')).toEqual({ ok: true });
    const empty = await store.getState().renameConversation('a', '   ');
    expect(empty.ok).toBe(false);
    expect(api.callsOf('conversation.rename')).toEqual([]);
  });

  it('a refused rename keeps the old title and says why', async () => {
    const api = createFakeApi();
    api.handle('conversation.rename', () => {
      throw new TacoCallError('invalid-payload', 'title: must be at most 200 characters');
    });
    const { store } = await setup(api);
    const result = await store.getState().renameConversation('a', 'x');
    expect(result).toEqual({ ok: false, message: 'title: must be at most 200 characters' });
    expect(titles(store.getState().conversations)).toEqual(['Alpha', 'Beta']);
    expect(store.getState().notices.at(-1)?.message).toContain('not renamed');
  });

  it('pins and unpins', async () => {
    const { api, store } = await setup();
    await store.getState().setPinned('b', true);
    expect(store.getState().conversations.find((entry) => entry.conversationId === 'b')?.pinned).toBe(true);
    expect(api.callsOf('conversation.pin')).toEqual([{ conversationId: 'b', pinned: true }]);
  });

  it('a conversation-updated event from main updates the list', async () => {
    const { api, store } = await setup();
    api.emit([{ type: 'conversation-updated', conversationId: 'b', summary: summary('b', { title: 'Named by the model' }) }]);
    expect(titles(store.getState().conversations)).toEqual(['Alpha', 'Named by the model']);
  });
});

describe('conversation management: delete with undo', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides the row at once and deletes only when the undo time is over', async () => {
    const { api, store } = await setup();
    store.getState().deleteConversation('a');
    expect(store.getState().pendingDeletes).toEqual([{ conversationId: 'a', title: 'Alpha', wasActive: false }]);
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.deleteUndoMs - 1);
    expect(api.callsOf('conversation.delete')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsOf('conversation.delete')).toEqual([{ conversationId: 'a' }]);
    expect(store.getState().pendingDeletes).toEqual([]);
    expect(titles(store.getState().conversations)).toEqual(['Beta']);
    expect(store.getState().deletedIds).toEqual({ a: true });
  });

  it('Undo within the time brings the row back and never calls delete', async () => {
    const { api, store } = await setup();
    store.getState().deleteConversation('a');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.deleteUndoMs / 2);
    store.getState().undoDelete('a');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.deleteUndoMs * 2);
    expect(api.callsOf('conversation.delete')).toEqual([]);
    expect(store.getState().pendingDeletes).toEqual([]);
    expect(titles(store.getState().conversations)).toEqual(['Alpha', 'Beta']);
  });

  it('deleting the open conversation starts a new chat; Undo opens it again', async () => {
    const { store } = await setup();
    await store.getState().openConversation('a');
    store.getState().deleteConversation('a');
    expect(store.getState().activeConversationId).toBeNull();
    store.getState().undoDelete('a');
    expect(store.getState().activeConversationId).toBe('a');
  });

  it('forgets the deleted conversation’s view once it is gone', async () => {
    const { store } = await setup();
    await store.getState().openConversation('a');
    store.getState().deleteConversation('a');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.deleteUndoMs);
    expect(store.getState().views.a).toBeUndefined();
    expect(store.getState().loaded.a).toBeUndefined();
  });

  it('a delete main refuses brings the row back and says so', async () => {
    const api = createFakeApi();
    api.handle('conversation.delete', () => {
      throw new TacoCallError('internal', 'The timeline file is in use. Try again.');
    });
    const { store } = await setup(api);
    store.getState().deleteConversation('a');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.deleteUndoMs);
    expect(store.getState().notices.at(-1)?.message).toBe('“Alpha” was not deleted: The timeline file is in use. Try again.');
    expect(titles(store.getState().conversations)).toEqual(['Alpha', 'Beta']);
    expect(store.getState().deletedIds).toEqual({});
  });
});

describe('conversation management: search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for typing to pause, then asks main once with the last query', async () => {
    const { api, store } = await setup();
    const hit = { conversationId: 'a', title: 'Alpha', snippet: '…the lisbon trip…', matchedIn: 'content' as const, updatedAt: 2 };
    api.handle('conversations.search', () => [hit]);
    for (const query of ['l', 'li', 'lis']) {
      store.getState().setSearchQuery(query);
      await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.searchDebounceMs - 10);
    }
    expect(api.callsOf('conversations.search')).toEqual([]);
    expect(store.getState().search).toEqual({ type: 'searching', query: 'lis', hits: null });
    await vi.advanceTimersByTimeAsync(10);
    expect(api.callsOf('conversations.search')).toEqual([{ query: 'lis' }]);
    expect(store.getState().search).toEqual({ type: 'done', query: 'lis', hits: [hit] });
  });

  it('a late answer to an older query never replaces the newer one', async () => {
    const { api, store } = await setup();
    let release: (hits: []) => void = () => undefined;
    api.handle('conversations.search', (request) => (request.query === 'old' ? new Promise<[]>((resolve) => (release = resolve)) : []));
    store.getState().setSearchQuery('old');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.searchDebounceMs);
    store.getState().setSearchQuery('new');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.searchDebounceMs);
    release([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().search).toEqual({ type: 'done', query: 'new', hits: [] });
  });

  it('clearing the box ends the search without a call; a failure is kept in words', async () => {
    const api = createFakeApi();
    api.handle('conversations.search', () => {
      throw new TacoCallError('disconnected', 'TACO lost its connection to the app. It reconnects on its own.');
    });
    const { store } = await setup(api);
    store.getState().setSearchQuery('x');
    store.getState().setSearchQuery('  ');
    expect(store.getState().search).toEqual({ type: 'idle' });
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.searchDebounceMs);
    expect(api.callsOf('conversations.search')).toEqual([]);
    store.getState().setSearchQuery('y');
    await vi.advanceTimersByTimeAsync(DEFAULTS.rendererConversations.searchDebounceMs);
    expect(store.getState().search).toMatchObject({ type: 'failed', query: 'y', message: expect.stringContaining('lost its connection') });
  });
});

describe('conversation management: export, import, options', () => {
  it('exports through main and hands back the file', async () => {
    const { api, store } = await setup();
    expect(await store.getState().exportConversation('a', 'json')).toEqual({
      filename: 'a.json',
      mimeType: 'application/json',
      content: '{"format":"taco-conversation"}',
    });
    expect(api.callsOf('conversation.export')).toEqual([{ conversationId: 'a', format: 'json' }]);
  });

  it('imports, lists and opens the new conversation', async () => {
    const { api, store } = await setup();
    expect(await store.getState().importConversation('{"x":1}')).toMatchObject({ ok: true, result: { source: 'taco' } });
    expect(api.callsOf('conversations.import')).toEqual([{ content: '{"x":1}' }]);
    expect(store.getState().activeConversationId).toBe('imported');
    expect(titles(store.getState().conversations)).toContain('Imported');
  });

  it('a refused import answers main’s words as they are, and leaves no banner over the conversations', async () => {
    const api = createFakeApi();
    api.handle('conversations.import', () => {
      throw new TacoCallError('invalid-payload', 'This is not a TACO conversation export (no "format" field).');
    });
    const { store } = await setup(api);
    const result = await store.getState().importConversation('hello');
    expect(result).toEqual({
      ok: false,
      message: 'This is not a TACO conversation export (no "format" field).',
    });
    expect(store.getState().notices).toEqual([]);
  });

  it('saves options and returns main’s refusal in its words', async () => {
    const api = createFakeApi();
    const { store } = await setup(api);
    expect(await store.getState().saveConversationOptions('a', { temperature: 0.2 })).toEqual({ ok: true });
    expect(store.getState().conversations.find((entry) => entry.conversationId === 'a')?.options).toEqual({ temperature: 0.2 });
    api.handle('conversation.setOptions', () => {
      throw new TacoCallError('invalid-payload', 'options.numCtx: must be at least 512');
    });
    expect(await store.getState().saveConversationOptions('a', { numCtx: 1 })).toEqual({
      ok: false,
      message: 'options.numCtx: must be at least 512',
    });
  });
});

describe('conversation management: edit and regenerate', () => {
  const e = eventsFor('a', 'r1');
  const stored: TacoEvent[] = [e.user('first', 'm1'), e.start(), e.text('One.'), e.finish(), e.user('second', 'm2')];

  async function opened() {
    const api = createFakeApi();
    api.handle('conversation.get', () => ({ summary: summary('a'), events: stored, notices: [] }));
    const ctx = await setup(api);
    await ctx.store.getState().openConversation('a');
    return ctx;
  }

  it('starts editing the last user message, or a named one', async () => {
    const { store } = await opened();
    expect(store.getState().startEditing('last')).toBe(true);
    expect(store.getState().editingMessageId).toBe('m2');
    expect(store.getState().startEditing('m1')).toBe(true);
    expect(store.getState().editingMessageId).toBe('m1');
    store.getState().stopEditing();
    expect(store.getState().editingMessageId).toBeNull();
  });

  it('does not start editing in a new chat or while a run goes on', async () => {
    const { api, store } = await opened();
    store.getState().newConversation();
    expect(store.getState().startEditing('last')).toBe(false);
    await store.getState().openConversation('a');
    api.emit([eventsFor('a', 'r2').start()]);
    expect(store.getState().startEditing('last')).toBe(false);
  });

  it('sends the edit with the selected model and stops editing', async () => {
    const { api, store } = await opened();
    store.getState().startEditing('m1');
    expect(await store.getState().editMessage('m1', 'first, better')).toBe(true);
    expect(api.callsOf('chat.edit')).toEqual([{ conversationId: 'a', messageId: 'm1', text: 'first, better', model: 'llama3.2' }]);
    expect(store.getState().editingMessageId).toBeNull();
  });

  it('a refused edit keeps the editor open and says why', async () => {
    const { api, store } = await opened();
    api.handle('chat.edit', () => {
      throw new TacoCallError('busy', 'A run is in progress in this conversation. Stop it first.');
    });
    store.getState().startEditing('m1');
    expect(await store.getState().editMessage('m1', 'x')).toBe(false);
    expect(store.getState().editingMessageId).toBe('m1');
    expect(store.getState().notices.at(-1)?.message).toContain('Stop it first');
  });

  it('regenerates the open conversation with the selected model', async () => {
    const { api, store } = await opened();
    await store.getState().regenerate();
    expect(api.callsOf('chat.regenerate')).toEqual([{ conversationId: 'a', model: 'llama3.2' }]);
  });
});
