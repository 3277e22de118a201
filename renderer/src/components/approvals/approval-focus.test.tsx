import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appApprovalCallId } from '../../../../shared/mcp/mcp-apps';
import { offerAppFocus } from '../mcp/apps/app-focus-return';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { Composer } from '../composer/Composer';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function waitingForApproval(approval = e.approval('a1', 'k1', 'write_file')) {
  const env = await renderWithStore(
    <>
      <nav>
        <button type="button">Sidebar first</button>
      </nav>
      <MessageList />
      <Composer />
    </>,
  );
  await act(() => env.store.getState().send('go'));
  act(() => env.api.emit([e.user('go', 'm1'), e.start('fix the config'), e.call('k1', 'write_file'), approval]));
  return env;
}

describe('focus after answering an approval', () => {
  it.each([
    ['approval-allow-once', 'allow-once'],
    ['approval-deny', 'deny'],
  ] as const)('goes back to the composer after %s with Enter', async (testId, decision) => {
    const user = userEvent.setup();
    const { api } = await waitingForApproval();
    screen.getByTestId(testId).focus();
    await user.keyboard('{Enter}');
    expect(api.callsOf('approval.respond')).toEqual([{ approvalId: 'a1', decision }]);
    act(() => api.emit([e.approvalResolved('a1', decision)]));
    // The card is gone: the decision is on the call's row.
    expect(screen.queryByTestId('approval-card')).toBeNull();
    expect(screen.getByTestId('tool-row').dataset.decision).toBe(decision);
    expect(document.activeElement).toBe(screen.getByTestId('composer'));
  });

  it('leaves focus the user moved elsewhere where it is', async () => {
    const { api } = await waitingForApproval();
    const elsewhere = screen.getByRole('button', { name: 'Sidebar first' });
    elsewhere.focus();
    act(() => api.emit([e.approvalResolved('a1', 'timeout')]));
    expect(document.activeElement).toBe(elsewhere);
  });

  describe('of an MCP app’s own call', () => {
    const appCard = (fromApp: boolean) => ({
      ...e.approval('a1', appApprovalCallId('k1', 'u1'), 'mcp__basic__get-time'),
      ...(fromApp ? { fromApp } : {}),
    });

    it.each(['approval-allow-once', 'approval-deny'])('takes the user back to that app after %s, not to the composer', async (testId) => {
      const { api } = await waitingForApproval(appCard(true));
      const engage = vi.fn();
      const other = vi.fn();
      const withdraw = offerAppFocus('k1', engage);
      const withdrawOther = offerAppFocus('k2', other);
      screen.getByTestId(testId).focus();
      act(() => api.emit([e.approvalResolved('a1', testId === 'approval-deny' ? 'deny' : 'allow-once')]));
      expect(engage).toHaveBeenCalledTimes(1);
      expect(other).not.toHaveBeenCalled();
      expect(document.activeElement).not.toBe(screen.getByTestId('composer'));
      withdraw();
      withdrawOther();
    });

    it('goes on in the composer when the app is closed, or when main did not mark the card as the app’s', async () => {
      for (const fromApp of [true, false]) {
        const { api, unmount } = await waitingForApproval(appCard(fromApp));
        const engage = vi.fn();
        const withdraw = offerAppFocus('k1', engage);
        if (fromApp) withdraw();
        screen.getByTestId('approval-deny').focus();
        act(() => api.emit([e.approvalResolved('a1', 'deny')]));
        expect(engage).not.toHaveBeenCalled();
        expect(document.activeElement).toBe(screen.getByTestId('composer'));
        withdraw();
        unmount();
      }
    });
  });
});
