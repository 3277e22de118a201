import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UndoPreview, UndoResult, VersionRecord } from '../../../../shared/documents/documents';
import { eventsFor } from '../../../test/events';
import { createFakeApi, tool } from '../../../test/fake-api';
import { PlainConversation } from '../../../test/plain-conversation';
import { renderWithStore } from '../../../test/render-app';
import { versionEntries } from './document-versions';

const e = eventsFor('c1', 'r1');

/** The write of call k1 to a.txt, as main's version log keeps it. */
const writeRecord: VersionRecord = {
  seq: 1,
  at: 1,
  kind: 'write',
  path: 'a.txt',
  workspace: null,
  tool: 'write_file',
  callId: 'k1',
  runId: 'r1',
  before: { hash: null, size: 3 },
  after: { hash: null, size: 3 },
};

async function conversation(
  preview: UndoPreview = { type: 'nothing', message: 'Nothing to undo.' },
  redo: (confirmed: boolean) => UndoResult = () => ({
    type: 'undone',
    path: 'a.txt',
    message: 'Redid the write to a.txt (3 bytes).',
    record: {} as never,
  }),
) {
  const api = createFakeApi();
  // Main's truth: which writes are undone.
  let undone: number[] = [];
  api.handle('tools.list', () => [tool('write_file', { risk: 'write' }), tool('run_command', { category: 'shell', risk: 'shell' })]);
  api.handle('documents.undoPreview', () => preview);
  api.handle('documents.list', () => ({ documents: [{ path: 'a.txt', records: [writeRecord] }], undone }));
  api.handle('documents.undo', () => {
    undone = [1];
    return { type: 'undone', path: 'a.txt', message: 'Undid the write to a.txt (3 bytes).', record: {} as never };
  });
  api.handle('documents.redo', ({ confirmed }) => {
    const result = redo(confirmed);
    if (result.type === 'undone') undone = [];
    return result;
  });
  const env = await renderWithStore(<PlainConversation />, { api });
  await act(() => env.store.getState().loadTools());
  await act(() => env.store.getState().send('hi'));
  return env;
}

describe('undo on tool rows', () => {
  it('a run_command row says it cannot be undone and offers no Undo', async () => {
    const { api } = await conversation();
    act(() => api.emit([e.start(), e.call('k1', 'run_command', { command: 'ls' }), e.result('k1', 'run_command', 'ok')]));
    const row = screen.getByTestId('tool-row');
    expect(within(row).getByTestId('tool-row-no-undo').textContent).toBe('Commands cannot be undone.');
    expect(within(row).queryByTestId('tool-row-undo')).toBeNull();
  });

  it('a run_command that did not run (denied, or failed) says nothing about undoing', async () => {
    const { api } = await conversation();
    act(() =>
      api.emit([
        e.start(),
        e.call('k1', 'run_command', { command: 'rm -rf x' }),
        e.approval('a1', 'k1', 'run_command', null),
        e.approvalResolved('a1', 'deny'),
        e.error('k1', 'run_command', 'Denied by you.'),
        e.call('k2', 'run_command', { command: 'ls' }),
        e.error('k2', 'run_command', 'exit 1'),
      ]),
    );
    const rows = screen.getAllByTestId('tool-row');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(within(row).queryByTestId('tool-row-no-undo')).toBeNull();
  });

  it('a finished write_file row offers Undo: the diff first, and a file changed since says its edit is kept', async () => {
    const { api } = await conversation({
      type: 'ready',
      seq: 1,
      path: 'a.txt',
      diff: '--- a.txt\n+++ a.txt\n-new\n+old',
      changedSince: true,
      lost: false,
    });
    act(() => api.emit([e.start(), e.call('k1', 'write_file', { path: 'a.txt' })]));
    expect(screen.queryByTestId('tool-row-undo')).toBeNull();
    act(() => api.emit([e.result('k1', 'write_file', '{"path":"a.txt"}')]));
    // The row learns from main's version log whether the write is undone, then offers Undo.
    await userEvent.click(await screen.findByTestId('tool-row-undo'));
    const dialog = await screen.findByTestId('undo-dialog');
    expect((await within(dialog).findByTestId('diff-preview')).textContent).toContain('+old');
    expect(within(dialog).getByTestId('undo-changed-since')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('undo-confirm'));
    expect((await within(dialog).findByTestId('undo-message')).textContent).toContain('Undid the write');
    expect(api.callsOf('documents.undo')).toEqual([{ conversationId: 'c1', callId: 'k1', confirmed: true }]);
    // A confirmation in a portal (outside the transformed message list), closed by Esc.
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(screen.getByTestId('tool-row').closest('body > *')?.contains(dialog)).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('undo-dialog')).toBeNull());
  });

  it('after the undo the row says "Undone · Redo", and Redo puts the write back through documents.redo', async () => {
    const { api } = await conversation({ type: 'ready', seq: 1, path: 'a.txt', diff: '-new\n+old', changedSince: false, lost: false });
    act(() => api.emit([e.start(), e.call('k1', 'write_file', { path: 'a.txt' }), e.result('k1', 'write_file', '{"path":"a.txt"}')]));
    await userEvent.click(await screen.findByTestId('tool-row-undo'));
    await userEvent.click(await within(await screen.findByTestId('undo-dialog')).findByTestId('undo-confirm'));
    await userEvent.keyboard('{Escape}');
    const row = screen.getByTestId('tool-row');
    expect((await within(row).findByTestId('tool-row-undone')).textContent).toBe('Undone · Redo');
    expect(within(row).queryByTestId('tool-row-undo')).toBeNull();

    await userEvent.click(within(row).getByTestId('tool-row-redo'));
    expect(api.callsOf('documents.redo')).toEqual([{ conversationId: 'c1', callId: 'k1', confirmed: false }]);
    expect(await within(row).findByTestId('tool-row-undo')).toBeTruthy();
    expect(within(row).queryByTestId('tool-row-undone')).toBeNull();
  });

  it('Redo of a file changed since the undo asks first, and only "Redo anyway" confirms', async () => {
    const { api } = await conversation(undefined, (confirmed) =>
      confirmed
        ? { type: 'undone', path: 'a.txt', message: 'Redid the write to a.txt (3 bytes).', record: {} as never }
        : { type: 'needs-confirmation', preview: { type: 'nothing', message: '' }, message: 'a.txt changed since the undo.' },
    );
    act(() => api.emit([e.start(), e.call('k1', 'write_file', { path: 'a.txt' }), e.result('k1', 'write_file', '{"path":"a.txt"}')]));
    await act(() => api.call('documents.undo', { conversationId: 'c1', callId: 'k1', confirmed: false }));
    act(() => api.emit([{ type: 'command-output', conversationId: 'c1', command: 'undo', output: 'Undid the write to a.txt.', at: 3 }]));
    await userEvent.click(await screen.findByTestId('tool-row-redo'));
    expect((await screen.findByTestId('tool-row-redo-ask')).textContent).toContain('a.txt changed since the undo.');
    expect(screen.getByTestId('tool-row-undone')).toBeTruthy();
    await userEvent.click(screen.getByTestId('tool-row-redo-confirm'));
    expect(api.callsOf('documents.redo').map((call) => call.confirmed)).toEqual([false, true]);
    expect(await screen.findByTestId('tool-row-undo')).toBeTruthy();
  });
});

describe('versionEntries', () => {
  it('lists the content before the first change, then each change, marking undone writes and lost contents', () => {
    const base = { workspace: null, tool: 'write_file', callId: 'k', runId: 'r', at: 0, path: 'a.txt' };
    const entries = versionEntries(
      [
        { ...base, seq: 1, kind: 'write', before: { hash: null, size: 9 }, after: { hash: 'a'.repeat(64), size: 3 } },
        { ...base, seq: 2, kind: 'undo', tool: null, before: { hash: 'a'.repeat(64), size: 3 }, after: null, undoes: 1 },
      ],
      new Set([1]),
      () => 'now',
    );
    expect(entries.map((entry) => [entry.label, entry.size, entry.lost])).toEqual([
      ["Before TACO's first change", 9, true],
      ['#1 Written by write_file · now (undone later)', 3, false],
      ['#2 Undone · now', null, false],
    ]);
  });
});
