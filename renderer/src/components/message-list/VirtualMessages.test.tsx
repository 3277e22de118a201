import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/events';
import { eventsFor } from '../../../test/events';
import { createFakeApi, summary } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from './MessageList';

/** 5,000 messages: 2,500 questions, each answered. */
function longConversation(conversationId: string): TacoEvent[] {
  const events: TacoEvent[] = [];
  for (let index = 0; index < 2500; index += 1) {
    const e = eventsFor(conversationId, `run-${index}`);
    events.push(e.user(`question ${index}`, `m${index}`), e.start(`question ${index}`), e.text(`answer ${index}`), e.usage(), e.finish());
  }
  return events;
}

// jsdom has no layout: give rows and the list sizes, as @tanstack/react-virtual's docs suggest.
const ROW_PX = 100;
const LIST_PX = 800;
const patched: Array<[string, PropertyDescriptor | undefined]> = [];
function patch(property: string, get: (this: HTMLElement) => number): void {
  patched.push([property, Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)]);
  Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get });
}
beforeAll(() => {
  patch('offsetHeight', function () {
    return this.classList.contains('message-row') ? ROW_PX : 0;
  });
  patch('clientHeight', function () {
    return this.classList.contains('message-list') ? LIST_PX : 0;
  });
  patch('scrollHeight', function () {
    if (!this.classList.contains('message-list')) return 0;
    const column = this.querySelector<HTMLElement>('.message-column-virtual');
    return column ? Number.parseFloat(column.style.height) || 0 : 0;
  });
});
afterAll(() => {
  for (const [property, descriptor] of patched) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, property, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[property];
  }
});

async function openLong() {
  const api = createFakeApi();
  api.handle('conversations.list', () => [summary('long')]);
  api.handle('conversation.get', () => ({ summary: summary('long'), events: longConversation('long'), notices: [] }));
  const env = await renderWithStore(<MessageList />, { api });
  await act(() => env.store.getState().openConversation('long'));
  return { ...env, list: screen.getByTestId('message-list') };
}

const answers = () => screen.getAllByTestId('answer-text').map((element) => element.textContent);

describe('the message list is virtualized', () => {
  it('keeps far fewer than 5,000 messages in the DOM, and opens at the newest ones', async () => {
    await openLong();
    const rendered = screen.getAllByTestId('message');
    expect(rendered.length).toBeGreaterThan(4);
    expect(rendered.length).toBeLessThan(40);
    expect(answers()).toContain('answer 2499');
    expect(answers()).not.toContain('answer 0');
  });

  it('keeps a growing answer pinned to the bottom, until the user scrolls up', async () => {
    const { api, list } = await openLong();
    const bottom = () => list.scrollHeight;
    expect(list.scrollTop).toBe(bottom());

    const e = eventsFor('long', 'run-new');
    act(() => api.emit([e.user('one more', 'm-new'), e.start('one more'), e.text('Streaming')]));
    expect(answers()).toContain('Streaming');
    expect(list.scrollTop).toBe(bottom());

    // The user reads back: a wheel turn, then the scroll it causes.
    fireEvent.wheel(list, { deltaY: -600 });
    const readingAt = bottom() - 2000;
    list.scrollTop = readingAt;
    fireEvent.scroll(list);
    act(() => api.emit([e.text(' and more text'), eventsFor('long', 'run-other').user('queued', 'm-other')]));
    expect(bottom()).toBeGreaterThan(readingAt + 2000);
    expect(list.scrollTop).toBe(readingAt);

    // Back at the bottom, it follows again.
    list.scrollTop = bottom();
    fireEvent.scroll(list);
    act(() => api.emit([eventsFor('long', 'run-third').user('third', 'm-third')]));
    expect(list.scrollTop).toBe(bottom());
  });

  it('asks for the page before the loaded ones at the top of the list, and keeps what the user reads in place', async () => {
    const all = longConversation('long');
    const api = createFakeApi();
    api.handle('conversations.list', () => [summary('long')]);
    // Pages of 100 events, as main's conversationPage would slice them.
    api.handle('conversation.get', (request) => {
      const end = request.page?.before !== undefined ? Number(request.page.before.slice(1)) : all.length;
      const start = Math.max(0, end - 100);
      return { summary: summary('long'), events: all.slice(start, end), notices: [], olderCursor: start > 0 ? `e${start}` : null };
    });
    const { store } = await renderWithStore(<MessageList />, { api });
    await act(() => store.getState().openConversation('long'));
    const list = screen.getByTestId('message-list');
    expect(screen.getByTestId('load-earlier').textContent).toBe('Load earlier messages');
    const heightBefore = list.scrollHeight;

    // The user scrolls up to the top of the 40 loaded messages.
    fireEvent.wheel(list, { deltaY: -600 });
    list.scrollTop = 0;
    fireEvent.scroll(list);
    await waitFor(() => expect(store.getState().olderCursors.long).toBe('e12300'));
    expect(api.callsOf('conversation.get').map((request) => request.page?.before)).toEqual([undefined, 'e12400']);
    // The 40 messages that came in front push the list down by their height: the distance from the
    // bottom stays, so the message the user was at stays on screen.
    expect(list.scrollHeight).toBeGreaterThan(heightBefore + 30 * ROW_PX);
    expect(list.scrollHeight - list.scrollTop).toBe(heightBefore);
    expect(answers()).toContain('answer 2460');

    // The control asks too.
    fireEvent.click(screen.getByTestId('load-earlier'));
    await waitFor(() => expect(store.getState().olderCursors.long).toBe('e12200'));
  });

  it('asks for the page before at once when the newest page does not fill the list', async () => {
    const all = longConversation('long');
    const api = createFakeApi();
    api.handle('conversations.list', () => [summary('long')]);
    // Pages of 10 events: 4 messages, 400 px in an 800 px list.
    api.handle('conversation.get', (request) => {
      const end = request.page?.before !== undefined ? Number(request.page.before.slice(1)) : all.length;
      const start = Math.max(0, end - 10);
      return { summary: summary('long'), events: all.slice(start, end), notices: [], olderCursor: start > 0 ? `e${start}` : null };
    });
    const { store } = await renderWithStore(<MessageList />, { api });
    await act(() => store.getState().openConversation('long'));
    await waitFor(() => expect(api.callsOf('conversation.get').map((request) => request.page?.before)).toContain('e12490'));
  });
});
