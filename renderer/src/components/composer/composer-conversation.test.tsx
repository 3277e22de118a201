import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { summary } from '../../../test/fake-api';
import { defaultSettings } from '../../../../shared/settings/settings';
import { newServer } from '../../../../shared/models/servers';
import { Composer } from './Composer';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function chat() {
  const env = await renderWithStore(
    <>
      <MessageList />
      <Composer />
    </>,
  );
  await act(() => env.store.getState().send('go'));
  return env;
}

describe('the composer while a reply streams', () => {
  it('answers Enter with a calm hint, keeps the message and sends nothing; the hint goes when the reply ends', async () => {
    const user = userEvent.setup();
    const { api } = await chat();
    act(() => api.emit([e.user('go', 'm1'), e.start('go'), e.text('Working on')]));
    const composer = screen.getByTestId('composer');
    await user.type(composer, 'And another thing{Enter}');
    expect(screen.getByTestId('still-answering').textContent).toContain('TACO is still answering — press Stop or wait');
    expect(screen.getByTestId('still-answering').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((composer as HTMLTextAreaElement).value).toBe('And another thing');
    expect(api.callsOf('chat.send')).toHaveLength(1);

    act(() => api.emit([e.finish()]));
    expect(screen.queryByTestId('still-answering')).toBeNull();
  });

  it('still sends a reply to a question the running model asked, and moves focus to its answer field', async () => {
    const { api } = await chat();
    screen.getByTestId('composer').focus();
    act(() => api.emit([e.user('go', 'm1'), e.start('go'), e.call('k1', 'ask_user'), e.question('q1', 'Which colour?')]));
    expect(document.activeElement).toBe(screen.getByTestId('question-input'));
  });
});

describe('the composer when the conversation’s model cannot answer', () => {
  it('says which server is offline, disables Send, and Retry asks the servers again', async () => {
    const user = userEvent.setup();
    const env = await renderWithStore(<Composer />);
    const docsBox = newServer({ id: 'docs-box', name: 'Docs box', kind: 'ollama', baseUrl: 'http://127.0.0.1:9' });
    const withServer = () => ({ ...defaultSettings(), servers: [docsBox] });
    env.api.handle('settings.get', withServer);
    env.api.handle('settings.set', (patch) => ({ ...withServer(), lastConversationId: patch.lastConversationId ?? null }));
    env.api.handle('conversations.list', () => [summary('c1', { model: 'docs-box::qwen3' })]);
    await act(async () => {
      await env.store.getState().loadSettings();
      await env.store.getState().loadConversations();
      await env.store.getState().openConversation('c1');
    });
    expect(screen.getByTestId('model-unavailable').textContent).toBe('Docs box is offline — Retry · Choose another model');
    await user.type(screen.getByTestId('composer'), 'Hello');
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(env.api.callsOf('chat.send')).toEqual([]);
    const listed = env.api.callsOf('models.list').length;
    await user.click(screen.getByTestId('model-unavailable-retry'));
    expect(env.api.callsOf('models.list').length).toBe(listed + 1);
  });
});
