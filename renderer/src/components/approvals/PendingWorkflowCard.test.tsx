import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PendingWorkflow } from '../../../../shared/conversations/conversation';
import { describeStopReason } from '../../../../shared/conversations/stop-reason';
import { eventsFor } from '../../../test/events';
import { createFakeApi, summary } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { PlainConversation } from '../../../test/plain-conversation';

const e = eventsFor('c1', 'r1');
const paused = 'Paused: TACO closed while this task waited for your approval. Resume it to be asked again, or abandon it.';

async function openWith(pending: PendingWorkflow | null, message = paused) {
  const api = createFakeApi();
  let snapshotPending = pending;
  api.handle('conversations.list', () => [summary('c1', { unfinished: 'approval' })]);
  api.handle('conversation.get', () => ({
    summary: summary('c1'),
    events: [
      e.user('save the notes', 'm1'),
      e.start('save the notes'),
      e.text('I will write them.'),
      e.call('k1', 'write_file', { path: 'notes.md' }),
      e.approval('a1', 'k1'),
      e.finish('interrupted', message),
    ],
    notices: [],
    pending: snapshotPending,
  }));
  api.handle('workflow.abandon', () => {
    snapshotPending = null;
    return { abandoned: true };
  });
  const ctx = await renderWithStore(<PlainConversation />, { api });
  await act(() => ctx.store.getState().openConversation('c1'));
  return ctx;
}

const approval: PendingWorkflow = {
  kind: 'approval',
  runId: 'r1',
  goal: 'save the notes',
  callId: 'k1',
  tool: 'write_file',
  args: { path: 'notes.md' },
  risk: 'write',
};

describe('a run interrupted by a restart', () => {
  it('shows the partial answer with the interrupted notice, and nothing runs', async () => {
    await openWith(null, describeStopReason('interrupted'));
    expect(screen.getByTestId('answer-text').textContent).toContain('I will write them.');
    const notice = screen.getByTestId('stop-notice');
    expect(notice.dataset.reason).toBe('interrupted');
    expect(notice.textContent).toContain('TACO closed before this answer finished');
    expect(screen.queryByTestId('continue-button')).toBeNull();
    expect(screen.queryByTestId('stop-button')).toBeNull();
    expect(screen.getByTestId('tool-row').dataset.state).toBe('stopped');
    expect(screen.queryByTestId('pending-workflow')).toBeNull();
    expect(screen.getByTestId('regenerate')).toBeTruthy();
  });

  it('a run that waited for approval offers Resume and Abandon instead of Regenerate', async () => {
    await openWith(approval);
    const card = screen.getByTestId('pending-workflow');
    expect(card.textContent).toContain('waiting for your approval to run');
    expect(card.textContent).toContain('notes.md');
    expect(within(card).getByTestId('risk-badge').dataset.risk).toBe('write');
    expect(screen.queryByTestId('regenerate')).toBeNull();
  });

  it('Resume sends workflow.resume with the selected model and the card goes', async () => {
    const user = userEvent.setup();
    const { api } = await openWith(approval);
    await user.click(screen.getByTestId('resume-workflow'));
    expect(api.callsOf('workflow.resume')).toEqual([{ conversationId: 'c1', model: 'llama3.2' }]);
    expect(screen.queryByTestId('pending-workflow')).toBeNull();
  });

  it('Abandon sends workflow.abandon and reads the conversation again', async () => {
    const user = userEvent.setup();
    const { api } = await openWith(approval);
    const reads = api.callsOf('conversation.get').length;
    await user.click(screen.getByTestId('abandon-workflow'));
    expect(api.callsOf('workflow.abandon')).toEqual([{ conversationId: 'c1' }]);
    expect(api.callsOf('conversation.get').length).toBe(reads + 1);
    expect(screen.queryByTestId('pending-workflow')).toBeNull();
  });

  it('a question shows the question it was waiting for', async () => {
    await openWith({ kind: 'question', runId: 'r1', goal: 'plan', callId: 'q', question: 'Which folder?' });
    expect(screen.getByTestId('pending-workflow').textContent).toContain('It was waiting for your answer to: “Which folder?”');
  });

  it('a new run in the conversation hides the card', async () => {
    const { api } = await openWith(approval);
    act(() => api.emit([eventsFor('c1', 'r2').user('never mind', 'm2'), eventsFor('c1', 'r2').start()]));
    expect(screen.queryByTestId('pending-workflow')).toBeNull();
  });
});
