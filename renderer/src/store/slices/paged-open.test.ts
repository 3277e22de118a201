import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { createFakeApi, summary } from '../../../test/fake-api';
import { memoryStorage } from '../../../test/render-app';
import { connectStore, createTacoStore } from '../create-taco-store';
import { applyEvents } from '../events/apply-events';
import { emptyView } from '../events/conversation-view';

/** `turns` question-and-answer turns, one with a tool call, as main stores them. */
function stored(turns: number): TacoEvent[] {
  const events: TacoEvent[] = [];
  for (let index = 0; index < turns; index += 1) {
    const e = eventsFor('c1', `r${index}`);
    events.push(e.user(`question ${index}`, `m${index}`), e.start(`question ${index}`), e.call(`call-${index}`, 'read_file'));
    events.push(e.result(`call-${index}`, 'read_file', `file ${index}`), e.text(`answer ${index}`), e.finish());
  }
  return events;
}

/** A fake main that pages `events` as conversationPage does, 7 events a page (boundaries fall inside runs). */
function pagedApi(events: TacoEvent[]) {
  const api = createFakeApi();
  api.handle('conversation.get', (request) => {
    const end = request.page?.before !== undefined ? Number(request.page.before.slice(1)) : events.length;
    const start = request.page ? Math.max(0, end - 7) : 0;
    return {
      summary: summary('c1'),
      events: events.slice(start, end),
      notices: [],
      ...(request.page ? { olderCursor: start > 0 ? `e${start}` : null } : {}),
    };
  });
  return api;
}

describe('opening a conversation page by page', () => {
  it('asks for the newest page only, then prepends older pages without losing the live tail', async () => {
    const events = stored(4); // 24 events: pages of 7 start mid-run
    const api = pagedApi(events);
    const store = createTacoStore({ api, storage: memoryStorage() });
    connectStore(store, api);

    await store.getState().openConversation('c1');
    expect(api.callsOf('conversation.get')).toEqual([{ conversationId: 'c1', page: {} }]);
    expect(store.getState().olderCursors.c1).toBe('e17');
    expect(store.getState().views.c1).toEqual(applyEvents(emptyView('c1'), events.slice(17)));

    // A new run streams while only the newest page is held.
    const live = eventsFor('c1', 'r-live');
    const tail = [live.user('and now?', 'm-live'), live.start('and now?'), live.text('Streaming')];
    api.emit(tail);
    await expect.poll(() => store.getState().views.c1?.running).toBe(true);

    while (store.getState().olderCursors.c1 !== null) await store.getState().loadOlderMessages('c1');
    expect(api.callsOf('conversation.get').map((request) => request.page?.before)).toEqual([undefined, 'e17', 'e10', 'e3']);
    const view = store.getState().views.c1;
    expect(view).toEqual(applyEvents(emptyView('c1'), [...events, ...tail]));
    expect(view?.activeRunId).toBe('r-live');
    expect(store.getState().loadingOlderId).toBeNull();

    // Nothing older: a further ask does not call main.
    await store.getState().loadOlderMessages('c1');
    expect(api.callsOf('conversation.get')).toHaveLength(4);
  });

  it('drops an older page that arrives after the conversation was opened again', async () => {
    const events = stored(4);
    const api = pagedApi(events);
    const store = createTacoStore({ api, storage: memoryStorage() });
    connectStore(store, api);
    await store.getState().openConversation('c1');
    const older = store.getState().loadOlderMessages('c1');
    await store.getState().openConversation('c1', { force: true });
    await older;
    // Whichever answer came last, the view is the timeline from a page boundary on: nothing twice, nothing missing.
    const view = store.getState().views.c1;
    const suffixes = [17, 10].map((start) => applyEvents(emptyView('c1'), events.slice(start)));
    expect(suffixes).toContainEqual(view);
  });
});
