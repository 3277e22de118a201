import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { StoreProvider } from '../../store/store-context';
import { applyEvents } from '../../store/events/apply-events';
import { emptyView, type AssistantTurn } from '../../store/events/conversation-view';
import { AssistantMessage } from '../chat/AssistantMessage';
import { Markdown } from './Markdown';
import { DANGEROUS_SELECTOR, HOSTILE_ANSWER, HOSTILE_ENTRIES, dangerousElements } from './testing/hostile-corpus';

const SAFE_HREF = /^(https?:\/\/|mailto:)/;

function expectInert(root: Element): void {
  expect(dangerousElements(root, DANGEROUS_SELECTOR)).toEqual([]);
  for (const anchor of root.querySelectorAll('a')) expect(anchor.getAttribute('href') ?? '').toMatch(SAFE_HREF);
  for (const image of root.querySelectorAll('img'))
    expect(image.getAttribute('src') ?? '').toMatch(/^(https:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/);
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
}

/** Click everything clickable in the answer: only safe URLs may reach main, nothing navigates. */
function clickEverything(root: Element): void {
  for (const element of root.querySelectorAll('a, button')) fireEvent.click(element);
}

afterEach(() => {
  delete (window as { __pwned?: unknown }).__pwned;
  vi.restoreAllMocks();
});

describe('the hostile corpus renders inert', () => {
  it.each(HOSTILE_ENTRIES.map((entry) => [entry.name, entry] as const))('%s: while streaming and when complete', async (_name, entry) => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { container, rerender, store, api } = await renderWithStore(<Markdown text="" streaming />);
    const show = (text: string, streaming: boolean) =>
      rerender(
        <StoreProvider store={store}>
          <Markdown text={text} streaming={streaming} />
        </StoreProvider>,
      );
    const step = Math.max(1, Math.floor(entry.markdown.length / 12));
    for (let end = step; end < entry.markdown.length; end += step) {
      show(entry.markdown.slice(0, end), true);
      expectInert(container);
    }
    show(entry.markdown, false);
    expectInert(container);
    if (entry.shows) expect(container.textContent).toContain(entry.shows);
    clickEverything(container);
    await act(async () => undefined);
    for (const { url } of api.callsOf('app.openExternal')) expect(url).toMatch(/^https?:\/\//);
    if (!entry.safe) expect(api.callsOf('app.openExternal')).toEqual([]);
    expectInert(container);
  });

  it('the benign entries keep working: a web link, a mail link, an embedded image', async () => {
    const safe = HOSTILE_ENTRIES.filter((entry) => entry.safe)
      .map((entry) => entry.markdown)
      .join('\n\n');
    const { container } = await renderWithStore(<Markdown text={safe} streaming={false} />);
    expect([...container.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href'))).toEqual([
      'https://ollama.com/library',
      'mailto:hello@example.com',
    ]);
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});

function corpusTimeline(): TacoEvent[] {
  const e = eventsFor('c1', 'r1');
  const pieces = HOSTILE_ANSWER.match(/[\s\S]{1,23}/g) ?? [];
  return [e.user('show me everything', 'm1'), e.start('show me everything'), ...pieces.map((piece) => e.text(piece))];
}

/** The answer as the conversation view shows it after these events (the same reducer live and from history). */
function turnAfter(events: readonly TacoEvent[]): AssistantTurn {
  const turn = applyEvents(emptyView('c1'), events).items.find((item) => item.type === 'assistant');
  if (turn?.type !== 'assistant') throw new Error('no assistant turn');
  return turn;
}

describe('the whole corpus in an answer', () => {
  it('while streaming, batch by batch', async () => {
    const timeline = corpusTimeline();
    const { container, rerender, store } = await renderWithStore(<div />);
    for (let end = 40; end < timeline.length + 40; end += 40) {
      rerender(
        <StoreProvider store={store}>
          <AssistantMessage turn={turnAfter(timeline.slice(0, end))} running status={null} isLatest />
        </StoreProvider>,
      );
      expectInert(container);
    }
    expect(screen.getByTestId('answer-text').textContent).toContain("window.__pwned='script'");
  });

  it('from history', async () => {
    const turn = turnAfter([...corpusTimeline(), eventsFor('c1', 'r1').finish('complete', 'Done.')]);
    const { container } = await renderWithStore(<AssistantMessage turn={turn} running={false} status={null} isLatest />);
    expectInert(container);
    // One long block (it has a reference definition): rendered by the markdown worker, shown as its text until then.
    await waitFor(() => expect(container.querySelectorAll('[data-state="pending"]')).toHaveLength(0), { timeout: 60_000 });
    expectInert(container);
    for (const entry of HOSTILE_ENTRIES) if (entry.shows) expect(container.textContent).toContain(entry.shows);
  });
});

describe('with KaTeX loaded', () => {
  it('typesets the maths entries, and what it draws is inert (no link, no handler, no style from the formula)', async () => {
    const maths = HOSTILE_ENTRIES.filter((entry) => entry.name.startsWith('katex'));
    expect(maths.length).toBeGreaterThanOrEqual(4);
    const { container } = await renderWithStore(<Markdown text={maths.map((entry) => entry.markdown).join('\n\n')} streaming={false} />);
    // Typeset by the markdown worker (here, without a Worker, in the window one block per task): wait until no block waits (a limit, not an expectation).
    await waitFor(() => expect(container.querySelectorAll('[data-state="pending"]')).toHaveLength(0), { timeout: 60_000 });
    // Each formula is typeset, shown as its source in red when KaTeX refuses it (the expansion bomb
    // hits maxExpand), or as its source in code when it is over a cap (never handed to KaTeX).
    expect(container.querySelectorAll('.katex, .katex-error, code.md-math-source').length).toBeGreaterThanOrEqual(maths.length);
    expect(container.querySelectorAll('.katex-error').length).toBeGreaterThanOrEqual(1);
    const refused = [...container.querySelectorAll('code.md-math-source[data-state="refused"]')].map((node) => node.textContent ?? '');
    expect(refused).toHaveLength(2);
    expectInert(container);
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.querySelector('.evil')).toBeNull();
    // \href, \url, \includegraphics and \html… are refused (shown in red); the source stays text only.
    expect([...container.querySelectorAll('[style]')].map((element) => element.getAttribute('style'))).not.toContainEqual(
      expect.stringContaining('evil'),
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });
});
