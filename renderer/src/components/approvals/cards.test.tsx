import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
import { eventsFor, frame } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function running() {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('go'));
  act(() => env.api.emit([e.user('go', 'm1'), e.start('fix the config')]));
  return env;
}

describe('approval card', () => {
  it('shows the tool, its risk, the exact arguments and the diff, and sends each decision', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    act(() => api.emit([e.call('k1', 'write_file'), e.approval('a1', 'k1', 'write_file', '--- a.txt\n+++ a.txt\n-old\n+hello')]));
    const card = screen.getByTestId('approval-card');
    expect(screen.getByTestId('tool-row').dataset.state).toBe('waiting');
    expect(screen.getByTestId('tool-row').textContent).toContain('Waiting for your approval');
    expect(card.textContent).toContain('Write File');
    expect(screen.getByTestId('risk-badge').dataset.risk).toBe('write');
    expect(card.textContent).toContain('"path": "a.txt"');
    const diff = screen.getByTestId('diff-preview');
    expect(diff.querySelector('[data-kind="add"]')?.textContent).toContain('+hello');

    await user.click(screen.getByTestId('approval-allow-once'));
    await user.click(screen.getByTestId('approval-allow-conversation'));
    await user.click(screen.getByTestId('approval-deny'));
    expect(api.callsOf('approval.respond')).toEqual([
      { approvalId: 'a1', decision: 'allow-once' },
      { approvalId: 'a1', decision: 'allow-conversation' },
      { approvalId: 'a1', decision: 'deny' },
    ]);

    act(() => api.emit([e.approvalResolved('a1', 'deny')]));
    expect(screen.queryByTestId('approval-deny')).toBeNull();
    // Answered: one row carries the call and its decision; no card beside it.
    expect(screen.queryByTestId('approval-card')).toBeNull();
    expect(screen.getByTestId('tool-row').dataset.decision).toBe('deny');
    expect(screen.getByTestId('tool-decision').textContent).toBe('Denied by you');
  });

  it('closes its buttons when the run ends unanswered', async () => {
    const { api } = await running();
    act(() => api.emit([e.approval('a1', 'k1'), e.finish('cancelled', 'Stopped by you.')]));
    expect(screen.queryByTestId('approval-allow-once')).toBeNull();
  });
});

describe('depth prompt', () => {
  it('shows the /status view and sends Continue or Cancel', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    const frames = [
      frame('f1', 'delegate_task'),
      frame('f2', 'read_file', { parentFrameId: 'f1', waitingFor: 'save_file', state: 'waiting-tool' }),
    ];
    act(() => api.emit([e.depth(frames, 20, 20)]));
    const prompt = screen.getByTestId('depth-prompt');
    expect(screen.getByTestId('stack-status').textContent).toContain('Read File');
    expect(prompt.textContent).toContain('fix the config');
    expect(prompt.textContent).toContain('2 of 20');
    expect(screen.getByTestId('depth-continue').textContent).toContain(`${DEFAULTS.depthLimitStep} more levels`);
    await user.click(screen.getByTestId('depth-continue'));
    await user.click(screen.getByTestId('depth-cancel'));
    expect(api.callsOf('depth.respond')).toEqual([
      { runId: 'r1', decision: 'continue' },
      { runId: 'r1', decision: 'cancel' },
    ]);
    act(() => api.emit([e.depthResolved('continue', 40)]));
    expect(screen.getByTestId('depth-outcome').textContent).toContain('40');
  });
});

describe('question card', () => {
  it('sends the answer typed in the box', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    act(() => api.emit([e.question('q1', 'Which file should I edit?')]));
    expect(screen.getByTestId('question-card').textContent).toContain('Which file should I edit?');
    await user.type(screen.getByTestId('question-input'), 'config.json{Enter}');
    expect(api.callsOf('question.answer')).toEqual([{ questionId: 'q1', answer: 'config.json' }]);
    act(() => api.emit([e.answered('q1', 'config.json')]));
    expect(screen.queryByTestId('question-input')).toBeNull();
    expect(screen.getByTestId('question-answer').textContent).toContain('config.json');
  });
});
