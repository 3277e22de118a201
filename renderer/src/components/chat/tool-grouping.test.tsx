import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';
import { resultShape } from '../tool-display/structured-result';

const e = eventsFor('c1', 'r1');

async function running() {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('go'));
  act(() => env.api.emit([e.user('go', 'm1'), e.start('sum things')]));
  return env;
}

describe('tool activity grouped per turn', () => {
  it('folds a run of finished calls into "Used N tools", keeps the one that failed in view, and opens on a click', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    const calls = ['k1', 'k2', 'k3', 'k4', 'k5'];
    act(() => api.emit(calls.map((id) => e.call(id, id === 'k5' ? 'read_file' : 'calculate'))));
    // Still running: every row shows.
    expect(screen.getAllByTestId('tool-row')).toHaveLength(5);
    act(() =>
      api.emit([
        ...calls.slice(0, 4).map((id) => e.result(id, 'calculate', '4', 2)),
        e.error('k5', 'read_file', 'No such file', 1),
        e.text('All summed.'),
        e.finish(),
      ]),
    );
    const group = screen.getByTestId('tool-group');
    expect(within(group).getByTestId('tool-group-toggle').textContent).toBe('Used 5 toolsCalculate × 4, Read File1 without a result▸');
    expect(
      within(group)
        .getAllByTestId('tool-row')
        .map((row) => row.dataset.tool),
    ).toEqual(['read_file']);
    await user.click(within(group).getByTestId('tool-group-toggle'));
    expect(within(group).getAllByTestId('tool-row')).toHaveLength(5);
  });

  it('does not fold two calls, nor calls split by text; an approval card stays in view beside a fold', async () => {
    const { api } = await running();
    act(() =>
      api.emit([
        e.call('k1', 'calculate'),
        e.result('k1', 'calculate', '1'),
        e.call('k2', 'calculate'),
        e.result('k2', 'calculate', '2'),
        e.text('Now the file.'),
        e.call('k3', 'write_file'),
        e.result('k3', 'write_file', 'saved'),
        e.finish(),
      ]),
    );
    expect(screen.queryByTestId('tool-group')).toBeNull();
    expect(screen.getAllByTestId('tool-row')).toHaveLength(3);
  });

  it('folds a decided call with the others: its decision rides on its row', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    act(() =>
      api.emit([
        e.call('k1', 'calculate'),
        e.result('k1', 'calculate', '1'),
        e.call('k2', 'calculate'),
        e.result('k2', 'calculate', '2'),
        e.call('k3', 'write_file'),
        e.approval('a1', 'k3', 'write_file', null),
        e.approvalResolved('a1', 'allow-once'),
        e.result('k3', 'write_file', 'saved'),
        e.finish(),
      ]),
    );
    const group = screen.getByTestId('tool-group');
    expect(screen.queryByTestId('approval-card')).toBeNull();
    await user.click(within(group).getByTestId('tool-group-toggle'));
    const rows = within(group).getAllByTestId('tool-row');
    expect(rows.map((row) => row.dataset.decision ?? null)).toEqual([null, null, 'allow-once']);
  });
});

describe('tool results as a person reads them', () => {
  it('shows a list of records as a table, one record as fields with real line breaks, other text as it is', async () => {
    expect(resultShape('[{"name":"a.txt","size":3},{"name":"b.txt","size":5}]')).toEqual({
      type: 'table',
      columns: ['name', 'size'],
      rows: [
        { name: 'a.txt', size: '3' },
        { name: 'b.txt', size: '5' },
      ],
      more: 0,
    });
    expect(resultShape('{"path":"notes.txt","content":"line 1\\nline 2"}')).toEqual({
      type: 'fields',
      fields: [
        { name: 'path', value: 'notes.txt', multiline: false },
        { name: 'content', value: 'line 1\nline 2', multiline: true },
      ],
    });
    expect(resultShape('plain words')).toEqual({ type: 'text', text: 'plain words' });
    expect(resultShape('{not json')).toEqual({ type: 'text', text: '{not json' });

    const user = userEvent.setup();
    const { api } = await running();
    const hostile = '{"content":"<img src=x onerror=alert(1)>\\nsecond line"}';
    act(() => api.emit([e.call('k1', 'read_file'), e.result('k1', 'read_file', hostile), e.finish()]));
    await user.click(within(screen.getByTestId('tool-row')).getAllByRole('button')[0]!);
    const result = screen.getByTestId('tool-result');
    expect(result.dataset.shape).toBe('fields');
    expect(result.querySelector('img')).toBeNull();
    expect(result.querySelector('dd')?.textContent).toBe('<img src=x onerror=alert(1)>\nsecond line');
  });
});
