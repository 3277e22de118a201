import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import { eventsFor, frame } from '../../test/events';
import { createFakeApi } from '../../test/fake-api';
import { renderWithStore } from '../../test/render-app';
import { App } from './App';

/** Model output that tries to become markup or script. All of it must stay inert text. */
const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2">',
  '[click me](javascript:window.__pwned=3)',
  '<a href="javascript:window.__pwned=4">link</a>',
  '<svg onload="window.__pwned=5"><circle /></svg>',
  '<iframe src="javascript:window.__pwned=6"></iframe>',
  '&lt;b&gt;entities&lt;/b&gt; &#60;script&#62;',
  '```mermaid\ngraph TD; A-->B; click A "javascript:window.__pwned=7"\n```',
].join('\n');

// Our own icons are inline SVG (class "icon"); model output can never set a class.
const DANGEROUS =
  'script, img, a, svg:not(.icon), iframe, object, embed, math, [onerror], [onload], [onclick], [href^="javascript"], [src^="javascript"]';

function hostileTimeline(): TacoEvent[] {
  const e = eventsFor('c1', 'r1');
  const run = { conversationId: 'c1', runId: 'r1' };
  return [
    e.user(HOSTILE, 'm1'),
    e.start(HOSTILE),
    e.thinking(HOSTILE),
    e.call('k1', 'read_file', { path: HOSTILE }, 'f1'),
    e.stack([frame('f1', 'read_file', { callId: 'k1', waitingFor: HOSTILE, state: 'waiting-tool' })]),
    e.result('k1', 'read_file', HOSTILE),
    {
      ...run,
      type: 'approval-request',
      approvalId: 'a1',
      callId: 'k2',
      tool: 'write_file',
      args: { content: HOSTILE },
      risk: 'write',
      preview: `+${HOSTILE}`,
      expiresAt: 1,
    },
    e.question('q1', HOSTILE),
    e.text(HOSTILE),
    e.status(HOSTILE),
    e.command('/status', HOSTILE),
  ];
}

async function expandEverything() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('thinking-toggle'));
  await user.click(within(screen.getByTestId('tool-row')).getByRole('button'));
  await user.click(within(screen.getByTestId('stack-frame')).getByRole('button'));
}

function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll(DANGEROUS)).toHaveLength(0);
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  // The words are all there, as text (the answer is markdown: raw HTML stays literal text, the
  // javascript: link is plain words, entities are decoded into text).
  const answer = screen.getByTestId('answer-text').textContent ?? '';
  for (const words of [
    '<script>window.__pwned = 1</script>',
    '<img src=x onerror=',
    'click me',
    '<svg onload=',
    'click A "javascript:window.__pwned=7"',
  ]) {
    expect(answer).toContain(words);
  }
  expect(screen.getByTestId('thinking').textContent).toBe(HOSTILE);
  expect(screen.getByTestId('tool-details').textContent).toContain('<img src=x onerror=');
  expect(screen.getByTestId('diff-preview').textContent).toContain('<script>');
  expect(screen.getByTestId('question-card').textContent).toContain('javascript:');
}

afterEach(() => {
  delete (window as { __pwned?: unknown }).__pwned;
});

describe('hostile model output renders as inert text', () => {
  it('while streaming', async () => {
    const { api, store, container } = await renderWithStore(<App />);
    await act(() => store.getState().send('go'));
    act(() => api.emit(hostileTimeline()));
    await expandEverything();
    expectInert(container);
    expect(screen.getByTestId('status-line').textContent).toContain('<script>');
  });

  it('from history', async () => {
    const api = createFakeApi();
    api.handle('conversation.get', () => ({
      summary: { conversationId: 'c1', title: HOSTILE, model: 'llama3.2', createdAt: 1, updatedAt: 2, pinned: false },
      events: hostileTimeline(),
      notices: [HOSTILE],
    }));
    api.handle('conversations.list', () => [
      { conversationId: 'c1', title: HOSTILE, model: 'llama3.2', createdAt: 1, updatedAt: 2, pinned: false },
    ]);
    const { store, container } = await renderWithStore(<App />, { api });
    await act(() => store.getState().openConversation('c1'));
    await expandEverything();
    expectInert(container);
    expect(screen.getByTestId('chat-title').textContent).toBe(HOSTILE);
  });
});
