import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../test/events';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { Composer } from './Composer';

describe('Composer', () => {
  it('sends on Enter and clears; Shift+Enter adds a line instead', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<Composer />);
    const box = screen.getByTestId('composer');
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(api.callsOf('chat.send')).toEqual([]);
    expect(box).toHaveProperty('value', 'first line\nsecond');
    await user.type(box, '{Enter}');
    expect(api.callsOf('chat.send')).toEqual([{ conversationId: null, text: 'first line\nsecond', model: 'llama3.2' }]);
    await waitFor(() => expect(box).toHaveProperty('value', ''));
  });

  it('does not send an empty message', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<Composer />);
    await user.type(screen.getByTestId('composer'), '   {Enter}');
    expect(api.callsOf('chat.send')).toEqual([]);
    expect(screen.getByTestId('send-button')).toHaveProperty('disabled', true);
  });

  it('is disabled while there is no model', async () => {
    const api = createFakeApi();
    api.handle('models.list', () => ({ type: 'ok', host: 'h', models: [] }));
    await renderWithStore(<Composer />, { api });
    expect(screen.getByTestId('composer')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('send-button')).toHaveProperty('disabled', true);
  });

  it('shows Stop during a run, which cancels that run', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<Composer />);
    await act(() => store.getState().send('go'));
    const e = eventsFor('c1', 'r7');
    act(() => api.emit([e.user('go', 'm1'), e.start()]));
    expect(screen.queryByTestId('send-button')).toBeNull();
    await user.click(screen.getByTestId('stop-button'));
    expect(api.callsOf('run.cancel')).toEqual([{ runId: 'r7' }]);
    await user.type(screen.getByTestId('composer'), '{Escape}');
    expect(api.callsOf('run.cancel')).toHaveLength(2);
    act(() => api.emit([e.finish('cancelled', 'Stopped by you.')]));
    expect(screen.queryByTestId('stop-button')).toBeNull();
    expect(screen.getByTestId('send-button')).toBeTruthy();
  });

  it('keeps the text when main refuses the message', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.handle('chat.send', () => {
      throw new Error('offline');
    });
    await renderWithStore(<Composer />, { api });
    const box = screen.getByTestId('composer');
    await user.type(box, 'keep me{Enter}');
    expect(box).toHaveProperty('value', 'keep me');
  });

  it('offers slash commands and completes the chosen one', async () => {
    const user = userEvent.setup();
    await renderWithStore(<Composer />);
    const box = screen.getByTestId('composer');
    await user.type(box, '/');
    const options = screen.getAllByTestId('composer-suggestion').map((option) => option.textContent);
    expect(options.join('|')).toContain('/cancel');
    expect(options.join('|')).toContain('/tool <name>');
    await user.type(box, 'st');
    expect(screen.getAllByTestId('composer-suggestion')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(box).toHaveProperty('value', '/status');
    expect(screen.queryByTestId('composer-suggestions')).toBeNull();
  });

  it('completes tool names after "/tool "', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<Composer />);
    const box = screen.getByTestId('composer');
    await user.type(box, '/tool wr');
    await waitFor(() =>
      expect(screen.getAllByTestId('composer-suggestion').map((option) => option.textContent?.startsWith('write_file'))).toEqual([true]),
    );
    expect(api.callsOf('tools.list')).toHaveLength(1);
    await user.keyboard('{Tab}');
    expect(box).toHaveProperty('value', '/tool write_file');
    await user.keyboard('{Enter}');
    expect(api.callsOf('chat.send')[0]?.text).toBe('/tool write_file');
  });
});
