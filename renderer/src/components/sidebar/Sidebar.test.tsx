import { DEFAULTS } from '../../../../shared/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import { createFakeApi, summary } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { TacoCallError } from '../../transport/taco-call-error';
import { App } from '../App';

function apiWith(list: ConversationSummary[]) {
  const api = createFakeApi();
  let current = list;
  api.handle('conversations.list', () => current);
  api.handle('conversation.rename', (request) => {
    current = current.map((entry) => (entry.conversationId === request.conversationId ? { ...entry, title: request.title } : entry));
    return current.find((entry) => entry.conversationId === request.conversationId) ?? summary(request.conversationId);
  });
  api.handle('conversation.pin', (request) => {
    current = current.map((entry) => (entry.conversationId === request.conversationId ? { ...entry, pinned: request.pinned } : entry));
    return current.find((entry) => entry.conversationId === request.conversationId) ?? summary(request.conversationId);
  });
  return api;
}

const three = () => [
  summary('a', { title: 'Alpha', updatedAt: 30 }),
  summary('b', { title: 'Beta', updatedAt: 20 }),
  summary('c', { title: 'Gamma', updatedAt: 10 }),
];
const rowTitles = () => screen.queryAllByTestId('conversation-title').map((node) => node.textContent);
const rowOf = (title: string) => {
  const row = screen.getAllByTestId('conversation-row').find((node) => node.textContent?.includes(title));
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

async function openMenu(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(within(rowOf(title)).getByTestId('conversation-menu-button'));
  return screen.getByRole('menu');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Sidebar: rename', () => {
  it('renames in place: F2 opens the field, Enter saves through main', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />, { api: apiWith(three()) });
    within(rowOf('Beta')).getByTestId('conversation-item').focus();
    await user.keyboard('{F2}');
    const field = screen.getByTestId('rename-input');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Budget 2025{Enter}');
    expect(api.callsOf('conversation.rename')).toEqual([{ conversationId: 'b', title: 'Budget 2025' }]);
    await waitFor(() => expect(rowTitles()).toEqual(['Alpha', 'Budget 2025', 'Gamma']));
    await waitFor(() => expect(document.activeElement).toBe(within(rowOf('Budget 2025')).getByTestId('conversation-item')));
  });

  it('Escape keeps the old title and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />, { api: apiWith(three()) });
    await user.click(within(await openMenu(user, 'Alpha')).getByText('Rename'));
    await user.type(screen.getByTestId('rename-input'), ' changed{Escape}');
    expect(screen.queryByTestId('rename-input')).toBeNull();
    expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(api.callsOf('conversation.rename')).toEqual([]);
  });
});

describe('Sidebar: pin', () => {
  it('Pin to top moves the row into Pinned; Unpin moves it back', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />, { api: apiWith(three()) });
    await user.click(within(await openMenu(user, 'Gamma')).getByText('Pin to top'));
    await waitFor(() => expect(rowTitles()).toEqual(['Gamma', 'Alpha', 'Beta']));
    expect(within(screen.getByTestId('pinned-conversations')).getByTestId('pin-mark')).toBeTruthy();
    expect(api.callsOf('conversation.pin')).toEqual([{ conversationId: 'c', pinned: true }]);
    await user.click(within(await openMenu(user, 'Gamma')).getByText('Unpin'));
    await waitFor(() => expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(screen.queryByTestId('pinned-conversations')).toBeNull();
  });
});

/** Fake timeouts (the undo and debounce timers) after the app has rendered; events through fireEvent. */
function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
}

function clickMenuItem(title: string, label: string) {
  // The menu button opens on pointerdown or the keyboard (Radix), not on a bare click event.
  fireEvent.keyDown(within(rowOf(title)).getByTestId('conversation-menu-button'), { key: 'Enter' });
  fireEvent.click(within(screen.getByRole('menu')).getByText(label));
}

describe('Sidebar: delete with undo', () => {
  it('the row goes at once with an Undo toast; delete is sent only after the undo time', async () => {
    const { api, store } = await renderWithStore(<App />, { api: apiWith(three()) });
    const advance = fakeTimeouts();
    clickMenuItem('Beta', 'Delete');
    expect(rowTitles()).toEqual(['Alpha', 'Gamma']);
    expect(screen.getByTestId('undo-toast').textContent).toContain('Deleted “Beta”');
    await advance(DEFAULTS.rendererConversations.deleteUndoMs - 100);
    expect(api.callsOf('conversation.delete')).toEqual([]);
    expect(screen.getByTestId('undo-toast')).toBeTruthy();
    await advance(100);
    expect(api.callsOf('conversation.delete')).toEqual([{ conversationId: 'b' }]);
    expect(screen.queryByTestId('undo-toast')).toBeNull();
    expect(rowTitles()).toEqual(['Alpha', 'Gamma']);
    // A list read that raced the delete (it still names Beta) does not bring the row back.
    await act(() => store.getState().loadConversations());
    expect(rowTitles()).toEqual(['Alpha', 'Gamma']);
  });

  it('Undo brings the row back where it was and nothing is deleted', async () => {
    const { api } = await renderWithStore(<App />, { api: apiWith(three()) });
    const advance = fakeTimeouts();
    const alpha = within(rowOf('Alpha')).getByTestId('conversation-item');
    alpha.focus();
    fireEvent.keyDown(alpha, { key: 'Delete' });
    expect(rowTitles()).toEqual(['Beta', 'Gamma']);
    expect(document.activeElement).toBe(within(rowOf('Beta')).getByTestId('conversation-item'));
    await advance(DEFAULTS.rendererConversations.deleteUndoMs / 2);
    fireEvent.click(screen.getByTestId('undo-delete'));
    await advance(DEFAULTS.rendererConversations.deleteUndoMs * 2);
    expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.queryByTestId('undo-toast')).toBeNull();
    expect(api.callsOf('conversation.delete')).toEqual([]);
  });
});

describe('Sidebar: search', () => {
  it('Ctrl+K focuses the search; hits show the title and a plain-text snippet with the match marked', async () => {
    const api = apiWith(three());
    api.handle('conversations.search', () => [
      { conversationId: 'b', title: 'Beta', snippet: 'we fly to <b>Lisbon</b> in May', matchedIn: 'content', updatedAt: 20 },
    ]);
    await renderWithStore(<App />, { api });
    const advance = fakeTimeouts();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    const box = screen.getByTestId('conversation-search');
    expect(document.activeElement).toBe(box);
    for (const query of ['l', 'lis', 'lisbon']) {
      fireEvent.change(box, { target: { value: query } });
      await advance(DEFAULTS.rendererConversations.searchDebounceMs - 50);
    }
    expect(api.callsOf('conversations.search')).toEqual([]);
    await advance(50);
    expect(api.callsOf('conversations.search')).toEqual([{ query: 'lisbon' }]);
    const hit = screen.getByTestId('search-hit');
    expect(within(hit).getByTestId('search-snippet').textContent).toBe('we fly to <b>Lisbon</b> in May');
    expect(hit.querySelector('b')).toBeNull();
    expect(hit.querySelector('mark')?.textContent).toBe('Lisbon');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(hit);
  });

  it('opens a hit, says when nothing matches, and Escape goes back to the list', async () => {
    const api = apiWith(three());
    api.handle('conversations.search', (request) =>
      request.query === 'gam' ? [{ conversationId: 'c', title: 'Gamma', snippet: '', matchedIn: 'title', updatedAt: 10 }] : [],
    );
    const { store } = await renderWithStore(<App />, { api });
    const advance = fakeTimeouts();
    const box = screen.getByTestId('conversation-search');
    fireEvent.change(box, { target: { value: 'zzz' } });
    await advance(DEFAULTS.rendererConversations.searchDebounceMs);
    expect(screen.getByTestId('search-status').textContent).toContain('Nothing matches “zzz”');
    fireEvent.change(box, { target: { value: 'gam' } });
    await advance(DEFAULTS.rendererConversations.searchDebounceMs);
    fireEvent.click(screen.getByTestId('search-hit'));
    await advance(0);
    expect(store.getState().activeConversationId).toBe('c');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('search-results')).toBeNull();
    expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });
});

describe('Sidebar: unfinished runs', () => {
  it('marks a conversation whose run was cut off or is waiting for the user', async () => {
    await renderWithStore(<App />, {
      api: apiWith([
        summary('a', { title: 'Alpha', unfinished: 'approval' }),
        summary('b', { title: 'Beta', unfinished: 'interrupted' }),
        summary('c', { title: 'Gamma' }),
      ]),
    });
    expect(screen.getAllByTestId('unfinished-badge').map((node) => node.textContent)).toEqual(['Waiting for approval', 'Interrupted']);
  });
});

describe('Sidebar: keyboard', () => {
  it('is one Tab stop; arrows, Home and End move between rows', async () => {
    const user = userEvent.setup();
    await renderWithStore(<App />, { api: apiWith(three()) });
    const items = screen.getAllByTestId('conversation-item');
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1, -1]);
    items[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByTestId('conversation-item').map((item) => item.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('the menu opens from the keyboard, arrows move in it, Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    await renderWithStore(<App />, { api: apiWith(three()) });
    within(rowOf('Alpha')).getByTestId('conversation-item').focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Rename',
      'Pin to top',
      'Export as Markdown',
      'Export as JSON',
      'Export as HTML',
      'Print / Save as PDF',
      'Delete',
    ]);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(within(rowOf('Alpha')).getByTestId('conversation-menu-button'));
  });
});

describe('Sidebar: export and import', () => {
  it('exports JSON as a download named by main', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:taco/1');
    vi.stubGlobal('URL', Object.assign(Object.create(URL) as typeof URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const { api } = await renderWithStore(<App />, { api: apiWith(three()) });
    await user.click(within(await openMenu(user, 'Alpha')).getByText('Export as JSON'));
    await waitFor(() => expect(clicked).toEqual([{ download: 'a.json', href: 'blob:taco/1' }]));
    expect(api.callsOf('conversation.export')).toEqual([{ conversationId: 'a', format: 'json' }]);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('application/json');
    expect(await blob?.text()).toBe('{"format":"taco-conversation"}');
    click.mockRestore();
  });

  it('imports a picked JSON file and opens it', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<App />, { api: apiWith(three()) });
    await user.upload(screen.getByTestId('import-file'), new File(['{"format":"taco"}'], 'trip.json', { type: 'application/json' }));
    await waitFor(() => expect(store.getState().activeConversationId).toBe('imported'));
    expect(api.callsOf('conversations.import')).toEqual([{ content: '{"format":"taco"}' }]);
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Imported “trip.json”. It is open now'));
  });

  it('imports every conversation of a ChatGPT export, says how many and what was left out, and opens the first', async () => {
    const user = userEvent.setup();
    const api = apiWith(three());
    api.handle('conversations.import', () => ({
      source: 'chatgpt',
      conversations: [summary('g1', { title: 'Packing list' }), summary('g2', { title: 'Hello' })],
      skipped: 1,
    }));
    const { store } = await renderWithStore(<App />, { api });
    await user.upload(screen.getByTestId('import-file'), new File(['[]'], 'conversations.json', { type: 'application/json' }));
    await waitFor(() => expect(store.getState().activeConversationId).toBe('g1'));
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Imported 2 conversations from ChatGPT. 1 image, attachment or tool trace could not be brought in. The first is open now.',
    );
    expect(screen.getAllByTestId('conversation-title').map((title) => title.textContent)).toEqual(
      expect.arrayContaining(['Packing list', 'Hello']),
    );
  });

  it('in a browser, Print / Save as PDF opens the print view of that conversation and prints it once loaded', async () => {
    const user = userEvent.setup();
    const view = new EventTarget() as EventTarget & { print: () => void };
    view.print = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue(view as unknown as Window);
    await renderWithStore(<App />, { api: apiWith(three()) });
    await user.click(within(await openMenu(user, 'Alpha')).getByText('Print / Save as PDF'));
    expect(open).toHaveBeenCalledWith('/print/a', '_blank');
    expect(view.print).not.toHaveBeenCalled();
    view.dispatchEvent(new Event('load'));
    expect(view.print).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it('a file main refuses is explained once, in a toast of the import, not a banner over the conversation', async () => {
    const user = userEvent.setup();
    const api = apiWith(three());
    api.handle('conversations.import', () => {
      throw new TacoCallError(
        'invalid-payload',
        'This file is not a TACO conversation export. Export the conversation again from TACO as JSON.',
      );
    });
    await renderWithStore(<App />, { api });
    await user.upload(screen.getByTestId('import-file'), new File(['hello'], 'notes.json', { type: 'application/json' }));
    await waitFor(() => expect(toastTexts()).toContain('Import of “notes.json”'));
    expect(toastTexts()).toContain('This file is not a TACO conversation export. Export the conversation again from TACO as JSON.');
    expect(screen.queryByTestId('error-notice')).toBeNull();
  });

  it('an empty file is refused before it is sent', async () => {
    const api = apiWith(three());
    await renderWithStore(<App />, { api });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File([], 'empty.json')] } });
    await waitFor(() => expect(toastTexts()).toContain('This file cannot be imported: it is empty.'));
    expect(api.callsOf('conversations.import')).toEqual([]);
  });
});

/** Every toast on screen, as text (an import's refusal stays until dismissed). */
function toastTexts(): string {
  return screen
    .queryAllByTestId('toast')
    .map((toast) => toast.textContent ?? '')
    .join('\n');
}

describe('Sidebar: before the list arrives', () => {
  it('says the list is loading, not that there are no conversations, until main answers', async () => {
    const api = createFakeApi();
    let answer: (list: ConversationSummary[]) => void = () => undefined;
    api.handle('conversations.list', () => new Promise<ConversationSummary[]>((resolve) => (answer = resolve)));
    const { store } = await renderWithStore(<App />, { api, init: false });
    void store.getState().init();
    expect(await screen.findByTestId('conversations-loading')).toBeTruthy();
    expect(screen.queryByText(/No conversations yet/)).toBeNull();
    expect(screen.queryByTestId('conversations-empty')).toBeNull();
    act(() => answer([]));
    // The benchmark's cold start over an empty folder waits for this test id (cold-start-bench.ts).
    expect((await screen.findByTestId('conversations-empty')).textContent).toMatch(/No conversations yet/);
    expect(screen.queryByTestId('conversations-loading')).toBeNull();
  });

  it('says a failed read failed, and Try again reads the list again', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let fail = true;
    api.handle('conversations.list', () => {
      if (fail) throw new TacoCallError('internal', 'index unreadable');
      return three();
    });
    await renderWithStore(<App />, { api });
    const failed = await screen.findByTestId('conversations-failed');
    expect(screen.queryByText(/No conversations yet/)).toBeNull();
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Alpha', 'Beta', 'Gamma']));
  });
});
