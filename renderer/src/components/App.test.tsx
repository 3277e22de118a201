import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../test/events';
import { createFakeApi } from '../../test/fake-api';
import { renderWithStore } from '../../test/render-app';
import { App } from './App';

describe('App', () => {
  it('lays out the sidebar, the chat as a polite log, and the panel', async () => {
    await renderWithStore(<App />);
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeTruthy();
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('complementary', { name: 'Tool stack' })).toBeTruthy();
    expect(screen.getByTestId('empty-conversation')).toBeTruthy();
    expect(screen.getByTestId('model-picker').getAttribute('data-value')).toBe('llama3.2');
  });

  it('picks a model from the picker and shows its capabilities', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />);
    await user.click(screen.getByTestId('model-picker'));
    const qwen = (await screen.findByTestId('model-picker-popover')).querySelector('[data-model="qwen3"]');
    expect(qwen?.querySelector('[data-testid="model-badges"]')?.textContent).toContain('thinking');
    expect(qwen?.textContent).toContain('2.0 GB');
    await user.click(qwen as HTMLElement);
    expect(screen.getByTestId('model-picker').getAttribute('data-value')).toBe('qwen3');
    expect(api.callsOf('settings.set')).toEqual([{ defaultModel: 'qwen3' }]);
  });

  it('opens a stored conversation from the sidebar and starts a new chat', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const e = eventsFor('c7', 'r1');
    api.handle('conversations.list', () => [
      { conversationId: 'c7', title: 'Plan the trip', model: 'llama3.2', createdAt: 1, updatedAt: 5, pinned: false },
    ]);
    api.handle('conversation.get', () => ({
      summary: { conversationId: 'c7', title: 'Plan the trip', model: 'llama3.2', createdAt: 1, updatedAt: 5, pinned: false },
      events: [e.user('Where to?', 'm1'), e.start(), e.text('Lisbon.'), e.finish()],
      notices: [],
    }));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('conversation-item'));
    await waitFor(() => expect(screen.getByTestId('answer-text').textContent).toBe('Lisbon.'));
    expect(screen.getByTestId('conversation-item').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('chat-title').textContent).toBe('Plan the trip');
    await user.click(screen.getByTestId('new-chat'));
    expect(screen.getByTestId('empty-conversation')).toBeTruthy();
    expect(screen.getByTestId('chat-title').textContent).toBe('New chat');
  });

  it('shows a failed call as a dismissable notice, never a blank screen', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('chat.send', () => {
      throw new Error('socket hang up');
    });
    const { store } = await renderWithStore(<App />, { api });
    await act(() => store.getState().send('hi'));
    const notice = screen.getByTestId('error-notice');
    expect(notice.textContent).toContain('socket hang up');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('error-notice')).toBeNull();
  });
});
