import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TacoEvent, ToolErrorEnding } from '../../../../shared/contract/events';
import { eventsFor, frame } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function running() {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('go'));
  act(() => env.api.emit([e.user('go', 'm1'), e.start('go deep')]));
  return env;
}

function ended(callId: string, tool: string, error: string, ending: ToolErrorEnding | undefined, durationMs = 0): TacoEvent {
  const event = e.error(callId, tool, error, durationMs);
  return ending === undefined ? event : ({ ...event, ending } as TacoEvent);
}

describe('the timeline says how each call ended', () => {
  it('a denied, cancelled or skipped call is not "Failed · 0 ms"; an old event without the ending still reads Failed', async () => {
    const { api } = await running();
    act(() =>
      api.emit([
        e.call('k1', 'write_file'),
        ended('k1', 'write_file', 'Not run: the user denied this call of write_file.', 'denied'),
        e.call('k2', 'run_command'),
        ended('k2', 'run_command', 'Stopped before the tool finished.', 'cancelled', 40),
        e.call('k3', 'read_file'),
        ended('k3', 'read_file', 'Not run: this exact call was made again and again.', 'skipped'),
        e.call('k4', 'read_file', { path: 'x' }),
        ended('k4', 'read_file', 'No such file', undefined, 3),
      ]),
    );
    const chips = screen.getAllByTestId('tool-chip').map((chip) => chip.textContent);
    expect(chips).toEqual(['Denied', 'Cancelled · 40 ms', 'Skipped', 'Failed · 3 ms']);
    expect(screen.getAllByTestId('tool-row').map((row) => row.dataset.state)).toEqual(['denied', 'cancelled', 'skipped', 'failed']);
  });

  it('an answered approval is one row with its call: the decision on the row, the diff in its details', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    act(() => api.emit([e.call('k1', 'write_file'), e.approval('a1', 'k1', 'write_file', '--- a.txt\n+++ a.txt\n-old\n+hello')]));
    expect(screen.getByTestId('diff-preview')).toBeTruthy();
    act(() => api.emit([e.approvalResolved('a1', 'allow-once'), e.result('k1', 'write_file', '{"path":"a.txt"}')]));
    expect(screen.queryByTestId('approval-card')).toBeNull();
    expect(screen.queryByTestId('diff-preview')).toBeNull();
    const row = screen.getByTestId('tool-row');
    expect(screen.getAllByTestId('tool-row')).toHaveLength(1);
    expect(within(row).getByTestId('tool-decision').textContent).toBe('Allowed once');
    expect(within(row).getByTestId('tool-chip').textContent).toBe('Done · 5 ms');
    await user.click(within(row).getAllByRole('button')[0]!);
    expect(within(row).getByTestId('diff-preview').textContent).toContain('+hello');
  });

  it('the depth card folds repeated frames into one line and drops their live states once answered', async () => {
    const { api } = await running();
    const frames = Array.from({ length: 20 }, (_, index) =>
      frame(`f${index}`, index === 19 ? 'calculate' : 'delegate_task', {
        parentFrameId: index === 0 ? null : `f${index - 1}`,
        state: index === 19 ? 'running' : 'waiting-tool',
        waitingFor: index === 19 ? null : 'delegate_task',
      }),
    );
    act(() => api.emit([e.depth(frames, 20, 20)]));
    const runs = () => screen.getAllByTestId('stack-status-run').map((run) => run.textContent);
    expect(runs()).toEqual(['Delegate Task × 19 · levels 1–19 · Waiting for delegate_task', 'Calculate · level 20 · Running']);
    act(() => api.emit([e.depthResolved('continue', 40)]));
    // Answered: one line with the decision, which opens to the stack as it was.
    const prompt = screen.getByTestId('depth-prompt');
    expect(prompt.textContent).toBe('20 levels deepContinued: the limit is now 40 levels.▸');
    await userEvent.click(within(prompt).getByRole('button'));
    expect(runs()).toEqual(['Delegate Task × 19 · levels 1–19', 'Calculate · level 20']);
  });
});
