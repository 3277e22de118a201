import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { Composer } from '../composer/Composer';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function waitingForApproval() {
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
  act(() =>
    env.api.emit([e.user('go', 'm1'), e.start('fix the config'), e.call('k1', 'write_file'), e.approval('a1', 'k1', 'write_file')]),
  );
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
});
