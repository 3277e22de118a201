import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('global keyboard shortcuts', () => {
  it('Ctrl+N starts a new chat and puts the cursor in the composer', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<App />);
    await act(() => store.getState().send('hello'));
    act(() => api.emit([eventsFor('c1', 'r1').user('hello', 'm1')]));
    expect(store.getState().activeConversationId).toBe('c1');
    await user.click(screen.getByTestId('settings-button'));
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}n{/Control}');
    expect(store.getState().activeConversationId).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('composer')));
  });

  it('Ctrl+K goes to the conversation search', async () => {
    const user = userEvent.setup();
    await renderWithStore(<App />);
    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(screen.getByTestId('conversation-search'));
  });

  it('Ctrl+, opens the settings; Esc closes them without stopping anything', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<App />);
    await act(() => store.getState().send('go'));
    const e = eventsFor('c1', 'r1');
    act(() => api.emit([e.user('go', 'm1'), e.start()]));
    await user.keyboard('{Control>},{/Control}');
    // The dialog is its own chunk, loaded when it first opens.
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
    // Another shortcut while a dialog is open does nothing.
    await user.keyboard('{Control>}n{/Control}');
    expect(store.getState().activeConversationId).toBe('c1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('run.cancel')).toEqual([]);
  });

  it('Esc stops the run wherever the focus is, once', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<App />);
    await act(() => store.getState().send('go'));
    const e = eventsFor('c1', 'r9');
    act(() => api.emit([e.user('go', 'm1'), e.start()]));
    screen.getByTestId('new-chat').focus();
    await user.keyboard('{Escape}');
    expect(api.callsOf('run.cancel')).toEqual([{ runId: 'r9' }]);
    // In the composer, its own Esc handler stops the run and the global one stays out.
    screen.getByTestId('composer').focus();
    await user.keyboard('{Escape}');
    expect(api.callsOf('run.cancel')).toHaveLength(2);
    act(() => api.emit([e.finish('cancelled', 'Stopped.')]));
    await user.keyboard('{Escape}');
    expect(api.callsOf('run.cancel')).toHaveLength(2);
  });
});
