import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { createFakeApi, summary } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { PlainConversation } from '../../../test/plain-conversation';

const e = eventsFor('c1', 'r1');
const next = eventsFor('c1', 'r2');
const stored: TacoEvent[] = [
  e.user('What is 2+2?', 'm1'),
  e.start(),
  e.thinking('Simple sum.'),
  e.text('It is 4.'),
  e.call('k1', 'calculate', { expression: '2+2' }),
  e.result('k1', 'calculate', '4'),
  e.text('Definitely 4.'),
  e.finish(),
  next.user('And 3+3?', 'm2'),
  next.start(),
  next.text('6.'),
  next.finish(),
];

async function openStored(events = stored) {
  const api = createFakeApi();
  api.handle('conversations.list', () => [summary('c1', { title: 'Sums' })]);
  api.handle('conversation.get', () => ({ summary: summary('c1', { title: 'Sums' }), events, notices: [] }));
  const ctx = await renderWithStore(<PlainConversation />, { api });
  await act(() => ctx.store.getState().openConversation('c1'));
  return ctx;
}

const userMessages = () => screen.getAllByTestId('message').filter((node) => node.dataset.role === 'user');
const answers = () => screen.getAllByTestId('message').filter((node) => node.dataset.role === 'assistant');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('edit a user message', () => {
  it('edits in place and runs again: the later messages go when main rewinds the timeline', async () => {
    const user = userEvent.setup();
    const { api } = await openStored();
    await user.click(within(userMessages()[0] as HTMLElement).getByTestId('edit-message'));
    const box = screen.getByTestId('message-editor-input');
    expect(document.activeElement).toBe(box);
    expect(box).toHaveProperty('value', 'What is 2+2?');
    await user.clear(box);
    await user.type(box, 'What is 5+5?{Enter}');
    expect(api.callsOf('chat.edit')).toEqual([{ conversationId: 'c1', messageId: 'm1', text: 'What is 5+5?', model: 'llama3.2' }]);
    await waitFor(() => expect(screen.queryByTestId('message-editor')).toBeNull());
    // Focus goes back in the editor's effect cleanup, which may run just after the editor leaves the DOM.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('composer')));

    const rerun = eventsFor('c1', 'r3');
    act(() =>
      api.emit([
        { type: 'timeline-rewound', conversationId: 'c1', fromMessageId: 'm1', at: 5 },
        rerun.user('What is 5+5?', 'm1'),
        rerun.start(),
        rerun.text('Ten.'),
        rerun.finish(),
      ]),
    );
    expect(userMessages().map((node) => node.querySelector('.message-body')?.textContent)).toEqual(['What is 5+5?']);
    expect(answers()).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('answer-text').map((node) => node.textContent?.trim())).toEqual(['Ten.']));
  });

  it('Escape keeps the message as it was; Shift+Enter adds a line', async () => {
    const user = userEvent.setup();
    const { api } = await openStored();
    await user.click(within(userMessages()[1] as HTMLElement).getByTestId('edit-message'));
    await user.type(screen.getByTestId('message-editor-input'), '{Shift>}{Enter}{/Shift}more');
    expect(screen.getByTestId('message-editor-input')).toHaveProperty('value', 'And 3+3?\nmore');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('message-editor')).toBeNull();
    expect(api.callsOf('chat.edit')).toEqual([]);
    expect(document.activeElement).toBe(within(userMessages()[1] as HTMLElement).getByTestId('edit-message'));
  });

  it('Up in the empty composer edits the last message; Escape returns to the composer', async () => {
    const user = userEvent.setup();
    await openStored();
    const composer = screen.getByTestId('composer');
    await user.click(composer);
    await user.keyboard('{ArrowUp}');
    const box = screen.getByTestId('message-editor-input');
    expect(box).toHaveProperty('value', 'And 3+3?');
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(composer);
  });

  it('Up does nothing special when the composer has text, or while a run goes on', async () => {
    const user = userEvent.setup();
    const { api } = await openStored();
    const composer = screen.getByTestId('composer');
    await user.type(composer, 'draft{ArrowUp}');
    expect(screen.queryByTestId('message-editor')).toBeNull();
    await user.clear(composer);
    act(() => api.emit([eventsFor('c1', 'r9').start()]));
    await user.keyboard('{ArrowUp}');
    expect(screen.queryByTestId('message-editor')).toBeNull();
    expect(within(userMessages()[0] as HTMLElement).getByTestId('edit-message')).toHaveProperty('disabled', true);
  });
});

describe('regenerate and copy', () => {
  it('offers Regenerate on the latest answer only, and sends chat.regenerate', async () => {
    const user = userEvent.setup();
    const { api } = await openStored();
    expect(within(answers()[0] as HTMLElement).queryByTestId('regenerate')).toBeNull();
    await user.click(within(answers()[1] as HTMLElement).getByTestId('regenerate'));
    expect(api.callsOf('chat.regenerate')).toEqual([{ conversationId: 'c1', model: 'llama3.2' }]);
  });

  it('hides Regenerate while a run goes on', async () => {
    const { api } = await openStored();
    act(() => api.emit([eventsFor('c1', 'r9').start()]));
    expect(screen.queryByTestId('regenerate')).toBeNull();
  });

  it('copies the answer text (no thinking, no tool output) and confirms with “Copied”', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => undefined);
    await openStored();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const copy = within(answers()[0] as HTMLElement).getByTestId('copy-button');
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('It is 4.\n\nDefinitely 4.');
    await waitFor(() => expect(copy.textContent).toBe('Copied'));
    await user.click(within(userMessages()[1] as HTMLElement).getByTestId('copy-button'));
    expect(writeText).toHaveBeenLastCalledWith('And 3+3?');
  });

  it('“Copied” goes back to “Copy” after a moment', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    await openStored();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const copy = within(answers()[1] as HTMLElement).getByTestId('copy-button');
    await act(async () => copy.click());
    expect(copy.textContent).toBe('Copied');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(copy.textContent).toBe('Copy');
  });

  it('says what to do when the clipboard is not available', async () => {
    const user = userEvent.setup();
    await openStored();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    await user.click(within(answers()[1] as HTMLElement).getByTestId('copy-button'));
    await waitFor(() => expect(screen.getByTestId('error-notice').textContent).toContain('Select the text and press Ctrl+C'));
  });
});
