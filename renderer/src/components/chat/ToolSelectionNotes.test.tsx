import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyEvents } from '../../store/events/apply-events';
import { emptyView } from '../../store/events/conversation-view';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');
const sixteen = Array.from({ length: 16 }, (_, i) => `tool_${i}`);

describe('tool selection in the view (reducer)', () => {
  it('keeps the latest tools-offered on the turn, and a truncated step even after a smaller one', () => {
    const view = applyEvents(emptyView('c1'), [
      e.user('hi', 'm1'),
      e.start(),
      e.offered(['read_file'], 142),
      e.offered(sixteen, 142),
      e.truncatedUsage(4096, 4096),
      e.usage(40),
    ]);
    const turn = view.items.find((item) => item.type === 'assistant');
    expect(turn?.type === 'assistant' && turn.offered).toEqual({ offered: sixteen, total: 142, narrowed: true, ranker: 'lexical' });
    expect(turn?.type === 'assistant' && turn.usage).toEqual(
      expect.objectContaining({ promptTokens: 100, tokensPerSecond: 40, truncation: { promptTokens: 4096, contextTokens: 4096 } }),
    );
  });
});

describe('tool selection on screen', () => {
  async function live() {
    const env = await renderWithStore(<MessageList />);
    await act(() => env.store.getState().send('hi'));
    return env;
  }

  it('says "Offered 16 of 142 tools" when the request was narrowed, nothing when every tool went', async () => {
    const { api } = await live();
    act(() => api.emit([e.user('hi', 'm1'), e.start(), e.offered(sixteen.slice(0, 5), 5, false)]));
    expect(screen.queryByTestId('tools-offered')).toBeNull();
    act(() => api.emit([e.offered(sixteen, 142, true, 'embedding')]));
    // Behind the "i" on the turn: a greeting does not carry a line about tools.
    expect(screen.queryByTestId('tools-offered')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('tools-offered-toggle'));
    expect(screen.getByTestId('tools-offered-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('tools-offered').textContent).toBe('Offered 16 of 142 tools, ranked by meaning (embeddings).');
    // Only the latest turn has it: the next turn takes it over.
    const next = eventsFor('c1', 'r2');
    act(() => api.emit([e.finish(), next.user('more', 'm2'), next.start(), next.offered(sixteen, 142, true)]));
    expect(screen.getAllByTestId('tools-offered-toggle')).toHaveLength(1);
  });

  it('shows the note unasked when the model called a tool the selection left out, naming it', async () => {
    const { api } = await live();
    act(() => api.emit([e.user('hi', 'm1'), e.start(), e.offered(sixteen, 142, true), e.call('k1', 'read_file')]));
    expect(screen.queryByTestId('tools-offered-toggle')).toBeNull();
    expect(screen.getByTestId('tools-offered').textContent).toBe(
      'Offered 16 of 142 tools, ranked by keywords. The model asked for read_file, which was not among them.',
    );
  });

  it('says when an embedding model is set but the tools were ranked by keywords (it did not answer)', async () => {
    const { api, store } = await live();
    act(() => store.setState({ settings: { ...store.getState().settings!, embeddingModel: 'nomic-embed-text' } }));
    act(() => api.emit([e.user('hi', 'm1'), e.start(), e.offered(sixteen, 142, true, 'lexical')]));
    await userEvent.setup().click(screen.getByTestId('tools-offered-toggle'));
    expect(screen.getByTestId('tools-offered').textContent).toContain('by keywords: the embedding model “nomic-embed-text” did not answer');
  });

  it('warns with the numbers and what to do when the prompt filled the context window', async () => {
    const { api } = await live();
    act(() => api.emit([e.user('hi', 'm1'), e.start(), e.usage(40)]));
    expect(screen.queryByTestId('truncation-warning')).toBeNull();
    act(() => api.emit([e.truncatedUsage(8192, 8192), e.finish()]));
    const warning = screen.getByTestId('truncation-warning');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('Ollama kept 8192 tokens in a 8192-token window');
    expect(warning.textContent).toContain('Raise the context in Conversation options, or use fewer tools.');
  });

  it('the catalogue marks the tools the last request offered', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<App />);
    await act(() => store.getState().send('hi'));
    act(() => api.emit([e.user('hi', 'm1'), e.start(), e.offered(['read_file', 'fetch_url'], 3)]));
    await user.click(screen.getByTestId('catalogue-button'));
    await waitFor(() => expect(screen.getAllByTestId('catalogue-tool')).toHaveLength(3));
    expect(screen.getByTestId('catalogue-offered-summary').textContent).toContain('offered 2 of 3 tools');
    const marks = Object.fromEntries(screen.getAllByTestId('catalogue-tool').map((card) => [card.dataset.toolId, card.dataset.offered]));
    expect(marks).toEqual({ read_file: 'true', write_file: 'false', fetch_url: 'true' });
    expect(screen.getAllByTestId('offered-badge')).toHaveLength(2);
  });
});
