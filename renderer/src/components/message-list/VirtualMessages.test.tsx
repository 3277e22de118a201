import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { createFakeApi, summary } from '../../../test/fake-api';
import { patchLayout } from '../../../test/jsdom-layout';
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
const layout = patchLayout();
/**
 * jsdom has no `scrollTo` (the virtualizer's way to move the list): move it as a browser would,
 * clamped, and report it the way a browser does, after the task that scrolled (the scroll event
 * then reads the position the rest of that task left).
 */
function scrollTo(this: HTMLElement, options?: ScrollToOptions | number): void {
  const top = typeof options === 'object' ? options.top : undefined;
  if (top === undefined) return;
  this.scrollTop = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
  setTimeout(() => this.dispatchEvent(new Event('scroll')));
}
beforeAll(() => {
  layout.size('offsetHeight', function () {
    return this.classList.contains('message-row') ? ROW_PX : 0;
  });
  layout.size('clientHeight', function () {
    return this.classList.contains('message-list') ? LIST_PX : 0;
  });
  layout.size('scrollHeight', function () {
    if (!this.classList.contains('message-list')) return 0;
    const column = this.querySelector<HTMLElement>('.message-column-virtual');
    return column ? Number.parseFloat(column.style.height) || 0 : 0;
  });
  layout.method('scrollTo', scrollTo);
});
afterAll(() => layout.restore());

async function openLong() {
  const api = createFakeApi();
  api.handle('conversations.list', () => [summary('long')]);
  api.handle('conversation.get', () => ({ summary: summary('long'), events: longConversation('long'), notices: [] }));
  const env = await renderWithStore(<MessageList />, { api });
  await act(() => env.store.getState().openConversation('long'));
  return { ...env, list: screen.getByTestId('message-list') };
}

/**
 * What the reader sees: the first row whose bottom is below the viewport's top, by its stable key,
 * and its offset from the viewport's top. Rows sit in flow under the window's translateY, each
 * ROW_PX tall (jsdom has no layout, so the position is computed as the browser would lay it out).
 */
function readerView(list: HTMLElement): { key: string; offset: number } {
  const window = list.querySelector<HTMLElement>('.message-window');
  const start = Number(/translateY\((-?[\d.]+)px\)/.exec(window?.style.transform ?? '')?.[1] ?? NaN);
  const rows = [...list.querySelectorAll<HTMLElement>('.message-row')];
  for (const [position, row] of rows.entries()) {
    const top = start + position * ROW_PX;
    if (top + ROW_PX > list.scrollTop) return { key: row.dataset.key ?? '', offset: top - list.scrollTop };
  }
  throw new Error('no row on screen');
}

/** Main's page slicing: pages of `size` events ending before the cursor `e<index>`. */
function pagedApi(size: number) {
  const all = longConversation('long');
  const api = createFakeApi();
  api.handle('conversations.list', () => [summary('long')]);
  api.handle('conversation.get', (request) => {
    const end = request.page?.before !== undefined ? Number(request.page.before.slice(1)) : all.length;
    const start = Math.max(0, end - size);
    return { summary: summary('long'), events: all.slice(start, end), notices: [], olderCursor: start > 0 ? `e${start}` : null };
  });
  return api;
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

  it('renders the rows a scroll brings in after the scroll event’s task, not inside it', async () => {
    const { list } = await openLong();
    const keys = () => [...list.querySelectorAll<HTMLElement>('.message-row')].map((row) => row.dataset.key).join(',');
    const before = keys();
    // A scroll far up, as the browser reports it (outside React's act): a row of typeset formulas
    // mounted inside that event's task made one long task of React work with the frame's layout
    // and paint (flushSync); it renders in a task of its own.
    list.scrollTop = list.scrollHeight / 2;
    list.dispatchEvent(new Event('scroll'));
    expect(keys()).toBe(before);
    await waitFor(() => expect(keys()).not.toBe(before));
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

  it('keeps following when the list moves up on its own right after the user scrolled down', async () => {
    const { api, list } = await openLong();
    const bottom = () => list.scrollHeight;
    // A wheel turn down, then rows measured smaller than estimated move the list up by itself.
    fireEvent.wheel(list, { deltaY: 600 });
    list.scrollTop = bottom() - 2000;
    fireEvent.scroll(list);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    act(() => api.emit([eventsFor('long', 'run-new').user('one more', 'm-new')]));
    expect(list.scrollTop).toBe(bottom());
  });

  it('offers "Jump to latest" while the user reads back, and follows new output again after it', async () => {
    const { api, list } = await openLong();
    const bottom = () => list.scrollHeight;
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    fireEvent.wheel(list, { deltaY: -600 });
    list.scrollTop = bottom() - 5000;
    fireEvent.scroll(list);
    act(() => api.emit([eventsFor('long', 'run-new').user('one more', 'm-new')]));
    expect(list.scrollTop).toBeLessThan(bottom() - 4000);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(list.scrollTop).toBe(bottom());
    fireEvent.scroll(list);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    act(() => api.emit([eventsFor('long', 'run-next').user('next', 'm-next')]));
    expect(list.scrollTop).toBe(bottom());
  });

  it('asks for the page before the loaded ones at the top of the list, and keeps the row the user reads where it was', async () => {
    const api = pagedApi(100);
    const { store } = await renderWithStore(<MessageList />, { api });
    await act(() => store.getState().openConversation('long'));
    const list = screen.getByTestId('message-list');
    expect(screen.getByTestId('load-earlier').textContent).toBe('Load earlier messages');
    const heightBefore = list.scrollHeight;

    // The user scrolls up near the top of the 40 loaded messages.
    fireEvent.wheel(list, { deltaY: -600 });
    list.scrollTop = 250;
    fireEvent.scroll(list);
    const reading = readerView(list);
    expect(reading).toEqual({ key: 'm2481', offset: -50 });
    await waitFor(() => expect(store.getState().olderCursors.long).toBe('e12300'));
    expect(api.callsOf('conversation.get').map((request) => request.page?.before)).toEqual([undefined, 'e12400']);
    // The 40 messages that came in front (their sizes estimates until measured) push the list down:
    // the row the user was reading stays at the same offset from the top of the viewport.
    expect(list.scrollHeight).toBeGreaterThan(heightBefore + 30 * ROW_PX);
    expect(readerView(list)).toEqual(reading);
    expect(list.scrollTop).toBeGreaterThan(30 * ROW_PX);

    // The control asks too, and the next page keeps the view as well.
    const scrolledTo = readerView(list);
    fireEvent.click(screen.getByTestId('load-earlier'));
    await waitFor(() => expect(store.getState().olderCursors.long).toBe('e12200'));
    expect(readerView(list)).toEqual(scrolledTo);
  });

  it('keeps the row the user reads in place when a new answer arrives while they read back', async () => {
    const { api, list } = await openLong();
    fireEvent.wheel(list, { deltaY: -600 });
    list.scrollTop = list.scrollHeight - 3050;
    fireEvent.scroll(list);
    const reading = readerView(list);
    const scrollTop = list.scrollTop;

    const e = eventsFor('long', 'run-new');
    act(() => api.emit([e.user('one more', 'm-new'), e.start('one more'), e.text('Streaming')]));
    act(() => api.emit([e.text(' and a lot more'), e.finish(), eventsFor('long', 'run-next').user('next', 'm-next')]));
    expect(readerView(list)).toEqual(reading);
    expect(list.scrollTop).toBe(scrollTop);
  });

  it('keeps the row the user reads in place when an older page and a new answer arrive together', async () => {
    const api = pagedApi(100);
    const { store } = await renderWithStore(<MessageList />, { api });
    await act(() => store.getState().openConversation('long'));
    const list = screen.getByTestId('message-list');
    fireEvent.wheel(list, { deltaY: -600 });
    list.scrollTop = 420;
    fireEvent.scroll(list);
    const reading = readerView(list);
    // The page is on its way (asked for by the scroll); the answer streams in before it lands.
    expect(store.getState().loadingOlderId).toBe('long');
    const e = eventsFor('long', 'run-new');
    act(() => api.emit([e.user('one more', 'm-new'), e.start('one more'), e.text('Streaming')]));
    expect(readerView(list)).toEqual(reading);
    await waitFor(() => expect(store.getState().olderCursors.long).toBe('e12300'));
    act(() => api.emit([e.text(' and more'), e.finish()]));
    expect(readerView(list)).toEqual(reading);
  });

  it('asks for the page before at once when the newest page does not fill the list', async () => {
    // Pages of 10 events: 4 messages, 400 px in an 800 px list.
    const api = pagedApi(10);
    const { store } = await renderWithStore(<MessageList />, { api });
    await act(() => store.getState().openConversation('long'));
    await waitFor(() => expect(api.callsOf('conversation.get').map((request) => request.page?.before)).toContain('e12490'));
  });
});
