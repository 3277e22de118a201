import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import type { Project } from '../../../../shared/projects/projects';
import { createFakeApi, summary } from '../../../test/fake-api';
import { patchLayout } from '../../../test/jsdom-layout';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

const COUNT = 2000;
/** Conversation `index` (0 newest): the list shows them in this order. */
const idOf = (index: number) => `c${String(index).padStart(4, '0')}`;
const titleOf = (index: number) => `Conversation ${String(index).padStart(4, '0')}`;
/** Every hundredth conversation is in the project `inProject`, when given. */
const history = (inProject?: string) =>
  Array.from({ length: COUNT }, (_, index) =>
    summary(idOf(index), {
      title: titleOf(index),
      updatedAt: COUNT - index,
      model: 'llama3.2',
      ...(inProject && index % 100 === 0 ? { projectId: inProject } : {}),
    }),
  );

// jsdom has no layout: give each slot and the scroll element sizes, as @tanstack/react-virtual's docs suggest.
// A row is as tall as assumed before it is measured, so positions are plain multiples.
const SLOT_PX = DEFAULTS.sidebarList.rowWithMetaEstimatePx;
const VIEW_PX = 600;
const layout = patchLayout();
const listHeight = (scroller: HTMLElement) =>
  Number.parseFloat(scroller.querySelector<HTMLElement>('.conversation-groups-virtual')?.style.height ?? '0') || 0;
/** jsdom has no `scrollTo`: move the scroll element as a browser would (clamped), then say so with a scroll event. */
function scrollTo(this: HTMLElement, options?: ScrollToOptions | number): void {
  const top = typeof options === 'object' ? options.top : undefined;
  if (top === undefined) return;
  this.scrollTop = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
  this.dispatchEvent(new Event('scroll'));
}
beforeAll(() => {
  layout.size('clientHeight', function () {
    return this.classList.contains('sidebar-scroll') ? VIEW_PX : 0;
  });
  layout.size('scrollHeight', function () {
    return this.classList.contains('sidebar-scroll') ? listHeight(this) : 0;
  });
  layout.method('getBoundingClientRect', function () {
    const height = this.classList.contains('sidebar-scroll') ? VIEW_PX : this.classList.contains('conversation-slot') ? SLOT_PX : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: 240, bottom: height, width: 240, height, toJSON: () => ({}) };
  });
  layout.method('scrollTo', scrollTo);
});
afterAll(() => layout.restore());

async function renderHistory(projects: Project[] = []) {
  const api = createFakeApi();
  const list = history(projects[0]?.projectId);
  api.handle('conversations.list', () => list);
  api.handle('projects.list', () => projects);
  api.handle('conversation.get', (request) => ({
    summary: list.find((entry) => entry.conversationId === request.conversationId) ?? summary(request.conversationId),
    events: [],
    notices: [],
  }));
  const env = await renderWithStore(<App />, { api });
  const scroller = document.querySelector<HTMLElement>('.sidebar-scroll');
  if (!scroller) throw new Error('no sidebar scroll element');
  await waitFor(() => expect(screen.getAllByTestId('conversation-row').length).toBeGreaterThan(0));
  return { ...env, scroller };
}

const drawnIds = () => screen.getAllByTestId('conversation-row').map((row) => row.dataset.conversationId);
const itemOf = (index: number) => {
  const row = screen.getAllByTestId('conversation-row').find((node) => node.dataset.conversationId === idOf(index));
  if (!row) throw new Error(`${idOf(index)} is not drawn`);
  return within(row).getByTestId('conversation-item');
};
const scrollBy = (scroller: HTMLElement, top: number) =>
  act(() => {
    scroller.scrollTop = top;
    fireEvent.scroll(scroller);
  });

describe('the sidebar with 2,000 conversations', () => {
  it('draws only the rows in view and a few beyond, and says where each stands in the list', async () => {
    await renderHistory();
    const drawn = drawnIds();
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]).toBe(idOf(0));
    expect(drawn).not.toContain(idOf(COUNT - 1));
    const slot = itemOf(0).closest('li');
    expect(slot?.getAttribute('aria-posinset')).toBe('1');
    expect(slot?.getAttribute('aria-setsize')).toBe(String(COUNT));
    // The list is as tall as all its rows, so the scrollbar tells how long the history is.
    expect(Number.parseFloat(screen.getByTestId('conversation-list').style.height)).toBe(COUNT * SLOT_PX);
  });

  it('scrolling brings the later rows in and lets the earlier ones go', async () => {
    const { scroller } = await renderHistory();
    scrollBy(scroller, 1000 * SLOT_PX);
    await waitFor(() => expect(drawnIds()).toContain(idOf(1005)));
    expect(drawnIds()).not.toContain(idOf(100));
    expect(itemOf(1005).closest('li')?.getAttribute('aria-posinset')).toBe('1006');
    expect(screen.getAllByTestId('conversation-row').length).toBeLessThan(40);
  });

  it('scrolls an active conversation far down into view', async () => {
    const { store, scroller } = await renderHistory();
    await act(() => store.getState().openConversation(idOf(1900)));
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(1900 * SLOT_PX - VIEW_PX));
    expect(scroller.scrollTop).toBeLessThanOrEqual(1900 * SLOT_PX);
    expect(itemOf(1900).getAttribute('aria-current')).toBe('page');
    expect(drawnIds()).not.toContain(idOf(10));
  });

  it('arrow keys and End move focus across the drawn window, and the focused row stays drawn while scrolled away', async () => {
    const user = userEvent.setup();
    const { scroller } = await renderHistory();
    const firstDrawn = drawnIds();
    act(() => itemOf(0).focus());
    for (let step = 0; step < 40; step += 1) await user.keyboard('{ArrowDown}');
    expect(firstDrawn).not.toContain(idOf(40));
    await waitFor(() => expect(document.activeElement).toBe(itemOf(40)));
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(itemOf(COUNT - 1)));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toBe(itemOf(COUNT - 2)));
    expect(itemOf(COUNT - 2).tabIndex).toBe(0);
    // Scrolled back to the top, the focused row is still drawn (and focused) down there.
    scrollBy(scroller, 0);
    await waitFor(() => expect(drawnIds()).toContain(idOf(0)));
    expect(document.activeElement).toBe(itemOf(COUNT - 2));
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toBe(itemOf(0)));
  });

  it('keeps project sections: the header and its rows are drawn in their section, folding drops its rows', async () => {
    const user = userEvent.setup();
    const garden: Project = {
      projectId: 'p-garden',
      name: 'Garden',
      instructions: '',
      workspace: null,
      defaultModel: null,
      presetId: null,
      toolLimits: {},
      createdAt: 1,
    };
    await renderHistory([garden]);
    const section = screen.getByTestId('project-section');
    const toggle = within(section).getByTestId('project-toggle');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBe(within(section).getByTestId('project-conversations'));
    expect(toggle.textContent).toContain(String(COUNT / 100));
    const inSection = () =>
      within(section)
        .queryAllByTestId('conversation-row')
        .map((row) => row.dataset.conversationId);
    expect(inSection().slice(0, 3)).toEqual([idOf(0), idOf(100), idOf(200)]);
    expect(itemOf(0).closest('li')?.getAttribute('aria-setsize')).toBe(String(COUNT / 100));
    expect(screen.queryByTestId('recent-conversations-label')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(inSection()).toEqual([]);
    // Folded, the rows after it come up into view: No project and its first rows.
    await waitFor(() => expect(screen.getByTestId('recent-conversations-label').textContent).toBe('No project'));
    expect(within(screen.getByTestId('recent-conversations')).getAllByTestId('conversation-row')[0]?.dataset.conversationId).toBe(idOf(1));
  });
});
