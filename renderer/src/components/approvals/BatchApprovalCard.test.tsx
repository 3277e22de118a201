import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');
const ids = { runId: 'r1', conversationId: 'c1' };

/** Three approval requests of one batch, arriving out of order (each waited for its diff). */
function batchOfThree(): TacoEvent[] {
  return [2, 0, 1].map((index) => ({
    ...ids,
    type: 'approval-request',
    approvalId: `a${index}`,
    callId: `k${index}`,
    tool: 'write_file',
    args: { path: `${'abc'[index]}.txt` },
    risk: 'write',
    preview: `--- ${'abc'[index]}.txt\n+++ ${'abc'[index]}.txt\n+new ${index}`,
    expiresAt: 999,
    batch: { batchId: 'b1', index, size: 3 },
  }));
}

async function running() {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('write three files'));
  act(() => env.api.emit([e.user('write three files', 'm1'), e.start('write three files'), ...batchOfThree()]));
  return env;
}

describe('batch approval card', () => {
  it('a turn with three writes shows ONE card listing every call with its diff, in the model order; "Allow all 3" answers each id', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    expect(screen.queryAllByTestId('approval-card')).toHaveLength(0);
    const card = screen.getByTestId('batch-approval-card');
    const items = within(card).getAllByTestId('batch-approval-item');
    expect(items.map((item) => item.querySelector('pre')?.textContent)).toEqual([
      expect.stringContaining('a.txt'),
      expect.stringContaining('b.txt'),
      expect.stringContaining('c.txt'),
    ]);
    expect(within(card).getAllByTestId('diff-preview')).toHaveLength(3);
    await user.click(within(card).getByTestId('batch-allow-all'));
    expect(api.callsOf('approval.respond')).toEqual([
      { approvalId: 'a0', decision: 'allow-once' },
      { approvalId: 'a1', decision: 'allow-once' },
      { approvalId: 'a2', decision: 'allow-once' },
    ]);
  });

  it('per-item allow/deny answers only that call; "Deny all" answers the rest; resolved items show their outcome', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    const card = screen.getByTestId('batch-approval-card');
    await user.click(within(card).getAllByTestId('batch-deny-one')[1] as HTMLElement);
    expect(api.callsOf('approval.respond')).toEqual([{ approvalId: 'a1', decision: 'deny' }]);
    act(() => api.emit([{ ...ids, type: 'approval-resolved', approvalId: 'a1', decision: 'deny' }]));
    expect(within(card).getByTestId('batch-allow-all').textContent).toBe('Allow all 2');
    await user.click(within(card).getByTestId('batch-deny-all'));
    expect(api.callsOf('approval.respond').slice(1)).toEqual([
      { approvalId: 'a0', decision: 'deny' },
      { approvalId: 'a2', decision: 'deny' },
    ]);
    expect(within(card).getAllByTestId('batch-approval-item')[1]?.dataset.resolution).toBe('deny');
  });

  it('shows the code-execution warning and revealed hidden characters per call, and "Allow all" leaves warned calls to be answered one by one', async () => {
    const user = userEvent.setup();
    const env = await renderWithStore(<MessageList />);
    await act(() => env.store.getState().send('write three files'));
    const [first, second, third] = batchOfThree() as Array<Extract<TacoEvent, { type: 'approval-request' }>>;
    if (!first || !second || !third) throw new Error('three requests');
    const warned = { ...first, args: { path: 'c.txt' }, warning: 'Writing .git/hooks/pre-commit can make programs run later.' };
    const hidden = { ...third, args: { path: 'b\u202Etxt.exe' } };
    act(() => env.api.emit([e.user('write three files', 'm1'), e.start('write three files'), warned, second, hidden]));
    const card = screen.getByTestId('batch-approval-card');
    expect(within(card).getByTestId('approval-warning').textContent).toContain('can make programs run');
    expect(within(card).getByTestId('approval-unicode-warning')).toBeTruthy();
    expect(card.textContent).toContain('U+202E');
    expect(within(card).getByTestId('batch-allow-all').textContent).toBe('Allow all 1');
    await user.click(within(card).getByTestId('batch-allow-all'));
    expect(env.api.callsOf('approval.respond')).toEqual([{ approvalId: 'a0', decision: 'allow-once' }]);
    expect(within(card).getByTestId('batch-warned-note').textContent).toContain('2 calls have warnings');
  });

  it('offers "Always allow this tool" on exactly the calls main offered it for (MCP tools), and answers that call with allow-tool', async () => {
    const user = userEvent.setup();
    const env = await renderWithStore(<MessageList />);
    await act(() => env.store.getState().send('search twice'));
    const mcpCall = (index: number, alwaysAllow: boolean): TacoEvent => ({
      ...ids,
      type: 'approval-request',
      approvalId: `m${index}`,
      callId: `q${index}`,
      tool: 'mcp__docs__search',
      args: { query: `q${index}` },
      risk: 'network',
      preview: null,
      expiresAt: 999,
      ...(alwaysAllow ? { alwaysAllow: true } : {}),
      batch: { batchId: 'b2', index, size: 2 },
    });
    act(() => env.api.emit([e.user('search twice', 'm1'), e.start('search twice'), mcpCall(0, true), mcpCall(1, false)]));
    const items = within(screen.getByTestId('batch-approval-card')).getAllByTestId('batch-approval-item');
    expect(items.map((item) => within(item).queryAllByTestId('batch-allow-tool').length)).toEqual([1, 0]);
    const always = within(items[0] as HTMLElement).getByTestId('batch-allow-tool');
    expect(always.textContent).toBe('Always allow this tool');
    expect(always.getAttribute('title')).toContain('Revoke in Settings → MCP servers');
    await user.click(always);
    expect(env.api.callsOf('approval.respond')).toEqual([{ approvalId: 'm0', decision: 'allow-tool' }]);
    act(() => env.api.emit([{ ...ids, type: 'approval-resolved', approvalId: 'm0', decision: 'allow-tool' }]));
    expect(items[0]?.dataset.resolution).toBe('allow-tool');
    expect(within(items[0] as HTMLElement).queryByTestId('batch-allow-tool')).toBeNull();
    expect(items[0]?.textContent).toContain('Tool always allowed (revoke in Settings → MCP servers)');
  });
});
