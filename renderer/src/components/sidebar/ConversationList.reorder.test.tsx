import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { Project } from '../../../../shared/projects/projects';
import { createFakeApi, summary } from '../../../test/fake-api';
import { patchLayout } from '../../../test/jsdom-layout';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

// jsdom has no layout: rows and headers get sizes unlike the estimates (so only true measurements place them).
const ROW_PX = 47;
const HEADER_PX = 23;
const VIEW_PX = 900;
const layout = patchLayout();
const slotHeight = (element: HTMLElement) => (element.querySelector('[data-testid="conversation-row"]') ? ROW_PX : HEADER_PX);
beforeAll(() => {
  layout.size('clientHeight', function () {
    return this.classList.contains('sidebar-scroll') ? VIEW_PX : 0;
  });
  layout.method('getBoundingClientRect', function () {
    const height = this.classList.contains('sidebar-scroll')
      ? VIEW_PX
      : this.classList.contains('conversation-slot')
        ? slotHeight(this)
        : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: 240, bottom: height, width: 240, height, toJSON: () => ({}) };
  });
});
afterAll(() => layout.restore());

const translate = (element: Element | null) =>
  Number(/translateY\((-?[\d.]+)px\)/.exec((element as HTMLElement | null)?.style.transform ?? '')?.[1] ?? 0);

/** Every drawn slot's top and height in the list: its section box's offset plus its own. */
function drawnSlots(): { top: number; height: number; label: string }[] {
  return [...document.querySelectorAll<HTMLElement>('.conversation-slot')]
    .map((slot) => {
      const box = slot.closest('.conversation-group, [data-testid="project-section"]');
      return { top: translate(box) + translate(slot), height: slotHeight(slot), label: slot.textContent?.slice(0, 30) ?? '' };
    })
    .sort((a, b) => a.top - b.top);
}

/** Each slot starts where the one above it ends: none drawn over another, no gap between them. */
function expectStacked(): void {
  const slots = drawnSlots();
  expect(slots.length).toBeGreaterThan(3);
  for (let index = 1; index < slots.length; index += 1) {
    const above = slots[index - 1];
    const slot = slots[index];
    if (!above || !slot) continue;
    expect({ label: slot.label, top: slot.top }).toEqual({ label: slot.label, top: above.top + above.height });
  }
}

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

describe('the sidebar after its rows reorder', () => {
  it('places every row and header by its own measured size after a move to a project, a new answer and a delete', async () => {
    const api = createFakeApi();
    const list: ConversationSummary[] = Array.from({ length: 12 }, (_, index) =>
      summary(`c${index}`, {
        title: `Chat ${index}`,
        updatedAt: 100 - index,
        ...(index % 2 === 0 ? { model: 'llama3.2' } : {}),
        ...(index < 2 ? { projectId: garden.projectId } : {}),
      }),
    );
    api.handle('conversations.list', () => list);
    api.handle('projects.list', () => [garden]);
    const { store } = await renderWithStore(<App />, { api });
    await waitFor(() => expect(screen.getAllByTestId('conversation-row').length).toBe(12));
    await waitFor(expectStacked);

    const update = (change: (entries: readonly ConversationSummary[]) => ConversationSummary[]) =>
      act(() => store.setState({ conversations: change(store.getState().conversations) }));
    // Moved to the project: the rows below the project's header shift down by one.
    update((entries) => entries.map((entry) => (entry.conversationId === 'c7' ? { ...entry, projectId: garden.projectId } : entry)));
    await waitFor(expectStacked);
    // A new answer (an artifact saved) brings a row to the top of its section.
    update((entries) => entries.map((entry) => (entry.conversationId === 'c11' ? { ...entry, updatedAt: 1000 } : entry)));
    await waitFor(expectStacked);
    // Deleted: the rows below move up.
    update((entries) => entries.filter((entry) => entry.conversationId !== 'c3'));
    await waitFor(expectStacked);
  });
});
