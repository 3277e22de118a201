import { CONTINUE_PROMPT } from '../../../../shared/conversations/commands';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function liveConversation() {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('hi'));
  return env;
}

describe('the streamed reply', () => {
  it('streams text with its thinking collapsed above it, the status under it, then tokens/s', async () => {
    const user = userEvent.setup();
    const { api } = await liveConversation();
    act(() => api.emit([e.user('hi', 'm1'), e.start(), e.thinking('Pondering the question')]));
    const toggle = screen.getByTestId('thinking-toggle');
    expect(toggle.textContent).toContain('Thinking…');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('thinking')).toBeNull();

    act(() => api.emit([e.status('Formulating response...'), e.text('Hello'), e.text(' there')]));
    expect(screen.getByTestId('answer-text').textContent).toBe('Hello there');
    expect(screen.getByTestId('status-line').textContent).toContain('Formulating response...');
    expect(screen.getByTestId('thinking-toggle').textContent).not.toContain('Thinking…');
    expect(screen.queryByTestId('tokens-per-second')).toBeNull();

    await user.click(screen.getByTestId('thinking-toggle'));
    expect(screen.getByTestId('thinking').textContent).toBe('Pondering the question');

    act(() => api.emit([e.usage(42.54), e.finish()]));
    expect(screen.queryByTestId('status-line')).toBeNull();
    expect(screen.getByTestId('tokens-per-second').textContent).toBe('42.5 tokens/s');
    expect(screen.queryByTestId('stop-notice')).toBeNull();
    const messages = screen.getAllByTestId('message');
    expect(messages.map((message) => message.dataset.role)).toEqual(['user', 'assistant']);
  });

  it('shows tool calls as compact rows that expand to the full arguments and output', async () => {
    const user = userEvent.setup();
    const { api } = await liveConversation();
    act(() => api.emit([e.start(), e.call('k1', 'read_file', { path: 'notes/todo.md' }), e.call('k2', 'list_directory', { path: '.' })]));
    const rows = screen.getAllByTestId('tool-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['running', 'running']);
    expect(rows[0]?.textContent).toContain('Read File');
    expect(rows[0]?.textContent).toContain('path: "notes/todo.md"');

    act(() => api.emit([e.result('k1', 'read_file', 'buy milk', 1234), e.error('k2', 'list_directory', 'Not a directory', 3)]));
    const [first, second] = screen.getAllByTestId('tool-row');
    expect(first?.dataset.state).toBe('done');
    expect(first?.textContent).toContain('1.2 s');
    expect(second?.dataset.state).toBe('failed');
    await user.click(within(first as HTMLElement).getByRole('button'));
    const details = within(first as HTMLElement).getByTestId('tool-details');
    expect(details.textContent).toContain('"path": "notes/todo.md"');
    expect(details.textContent).toContain('buy milk');
  });

  it('explains a stop in plain words and offers Continue after the round limit', async () => {
    const user = userEvent.setup();
    const { api } = await liveConversation();
    act(() =>
      api.emit([e.user('hi', 'm1'), e.start(), e.finish('max_iterations', 'Stopped after 10 tool rounds. Continue with the task?')]),
    );
    const notice = screen.getByTestId('stop-notice');
    expect(notice.dataset.reason).toBe('max_iterations');
    expect(notice.textContent).toContain('Stopped after 10 tool rounds. Continue with the task?');
    await user.click(screen.getByTestId('continue-button'));
    expect(api.callsOf('chat.continue')).toEqual([{ conversationId: 'c1', model: 'llama3.2' }]);
  });

  it('shows an Ollama error in the conversation, with the error text and no Continue', async () => {
    const { api } = await liveConversation();
    act(() =>
      api.emit([
        e.start(),
        e.finish('provider_error', 'Stopped: the model server returned an error.', 'model "llama9" not found, try pulling it first'),
      ]),
    );
    const notice = screen.getByTestId('stop-notice');
    expect(notice.textContent).toContain('the model server returned an error');
    expect(screen.getByTestId('stop-error').textContent).toContain('model "llama9" not found');
    expect(screen.queryByTestId('continue-button')).toBeNull();
  });

  it('shows command output as a system note', async () => {
    const { api } = await liveConversation();
    act(() => api.emit([e.command('/status', 'Stack depth: 0')]));
    const note = screen.getByTestId('message');
    expect(note.dataset.role).toBe('system');
    expect(note.textContent).toContain('Stack depth: 0');
  });

  it('renders command output as markdown in a card, not raw asterisks and backticks', async () => {
    const { api } = await liveConversation();
    act(() => api.emit([e.command('/help', '**Commands**\n\n- `/status` — Show the tool stack')]));
    const note = screen.getByTestId('message');
    expect(note.querySelector('strong')?.textContent).toBe('Commands');
    expect(note.querySelector('li code')?.textContent).toBe('/status');
    expect(note.textContent).not.toContain('**');
  });

  it('asks "Continue with the current task?" with buttons that answer yes or no', async () => {
    const user = userEvent.setup();
    const { api } = await liveConversation();
    act(() => api.emit([e.command('', CONTINUE_PROMPT)]));
    expect(screen.getByTestId('message').textContent).not.toContain('(y/n)');
    await user.click(screen.getByTestId('continue-yes'));
    expect(api.callsOf('chat.send').at(-1)).toMatchObject({ text: 'yes' });
  });
});
