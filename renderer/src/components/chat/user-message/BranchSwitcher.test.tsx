import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../../test/events';
import { createFakeApi, summary } from '../../../../test/fake-api';
import { renderWithStore } from '../../../../test/render-app';
import { PlainConversation } from '../../../../test/plain-conversation';

const e = eventsFor('c1', 'r1');

describe('BranchSwitcher', () => {
  it('shows ‹ 2 / 3 › from main’s siblings and asks main for the previous and next version (buttons and arrow keys)', async () => {
    const api = createFakeApi();
    api.handle('conversations.list', () => [summary('c1', { title: 'Trips' })]);
    api.handle('conversation.get', () => ({
      summary: summary('c1', { title: 'Trips' }),
      events: [e.user('plan a hike', 'm2b'), e.start(), e.text('Hike plan.'), e.finish()],
      notices: [],
      branches: { m2b: ['m2', 'm2b', 'm2c'] },
    }));
    api.handle('conversation.selectBranch', () => ({ selected: true }));
    const ctx = await renderWithStore(<PlainConversation />, { api });
    await act(() => ctx.store.getState().openConversation('c1'));

    const group = screen.getByRole('group', { name: 'Version 2 of 3' });
    expect(within(group).getByTestId('branch-position').textContent).toBe('2 / 3');
    await userEvent.click(within(group).getByRole('button', { name: 'Previous version' }));
    within(group).getByRole('button', { name: 'Next version' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(api.callsOf('conversation.selectBranch')).toEqual([
      { conversationId: 'c1', messageId: 'm2' },
      { conversationId: 'c1', messageId: 'm2c' },
    ]);
  });

  it('shows the same ‹ 2 / 3 › under the answer, without hovering, and its arrows switch the version too', async () => {
    const api = createFakeApi();
    api.handle('conversations.list', () => [summary('c1', { title: 'Trips' })]);
    api.handle('conversation.get', () => ({
      summary: summary('c1', { title: 'Trips' }),
      events: [e.user('plan a hike', 'm2b'), e.start(), e.text('Hike plan.'), e.finish()],
      notices: [],
      branches: { m2b: ['m2', 'm2b', 'm2c'] },
    }));
    api.handle('conversation.selectBranch', () => ({ selected: true }));
    const ctx = await renderWithStore(<PlainConversation />, { api });
    await act(() => ctx.store.getState().openConversation('c1'));

    const group = screen.getByRole('group', { name: 'Answer version 2 of 3' });
    expect(within(group).getByTestId('answer-branch-position').textContent).toBe('2 / 3');
    await userEvent.click(within(group).getByRole('button', { name: 'Next version' }));
    expect(api.callsOf('conversation.selectBranch')).toEqual([{ conversationId: 'c1', messageId: 'm2c' }]);
  });

  it('is absent for a message without other versions', async () => {
    const api = createFakeApi();
    api.handle('conversations.list', () => [summary('c1')]);
    api.handle('conversation.get', () => ({ summary: summary('c1'), events: [e.user('hi', 'm1')], notices: [], branches: {} }));
    const ctx = await renderWithStore(<PlainConversation />, { api });
    await act(() => ctx.store.getState().openConversation('c1'));
    expect(screen.queryByTestId('branch-switcher')).toBeNull();
    expect(screen.queryByTestId('answer-branch-switcher')).toBeNull();
  });
});
