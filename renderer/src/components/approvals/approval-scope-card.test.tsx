import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function running() {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('go'));
  act(() => env.api.emit([e.user('go', 'm1'), e.start('do it')]));
  return env;
}

function approval(extra: Partial<Extract<TacoEvent, { type: 'approval-request' }>>, tool = 'run_command'): TacoEvent {
  return { ...(e.approval('a1', 'k1', tool, null) as Extract<TacoEvent, { type: 'approval-request' }>), ...extra };
}

describe('approval card: the scope of "Allow for this conversation" and warnings', () => {
  it('shows the scope on the button ("Allow `npm test` for this conversation") and sends the decision', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    act(() =>
      api.emit([
        e.call('k1', 'run_command'),
        approval({ args: { command: 'npm test' }, risk: 'shell', scope: '`npm test`', warning: null }),
      ]),
    );
    const button = screen.getByTestId('approval-allow-conversation');
    expect(button.textContent).toBe('Allow `npm test` for this conversation');
    expect(screen.queryByTestId('approval-warning')).toBeNull();
    await user.click(button);
    expect(api.callsOf('approval.respond')).toEqual([{ approvalId: 'a1', decision: 'allow-conversation' }]);
  });

  it('an MCP call offers Allow once, Always allow this tool, this exact call again, and Deny, each saying what it covers', async () => {
    const user = userEvent.setup();
    const { api } = await running();
    const tool = 'mcp__echo__echo';
    const args = { text: 'a long message that would otherwise sit on the button', repeat: 3 };
    act(() =>
      api.emit([
        e.call('k1', tool),
        approval({ args, risk: 'network', scope: `${tool}({"repeat":3,"text":"${args.text}"})`, alwaysAllow: true, warning: null }, tool),
      ]),
    );
    const card = screen.getByTestId('approval-card');
    const buttons = [...card.querySelectorAll('.card-actions button')].map((button) => button.textContent);
    expect(buttons).toEqual(['Allow once', 'Always allow this tool', 'Allow this exact call again in this conversation', 'Deny']);
    expect(screen.queryByTestId('approval-scope')).toBeNull();
    await user.click(screen.getByTestId('approval-allow-tool'));
    expect(api.callsOf('approval.respond')).toEqual([{ approvalId: 'a1', decision: 'allow-tool' }]);
  });

  it('offers no "Always allow this tool" when main does not (a built-in tool, a changed MCP tool)', async () => {
    const { api } = await running();
    const tool = 'mcp__echo__echo';
    act(() =>
      api.emit([
        e.call('k1', tool),
        approval(
          { args: { text: 'x' }, risk: 'network', scope: null, warning: 'This MCP tool changed since you reviewed it (description).' },
          tool,
        ),
      ]),
    );
    expect(screen.queryByTestId('approval-allow-tool')).toBeNull();
    expect(screen.queryByTestId('approval-allow-conversation')).toBeNull();
  });

  it('moves a long scope off the button onto the line under it', async () => {
    const { api } = await running();
    const command = 'npm run build -- --watch --config ./very/long/path/to/config.json';
    act(() =>
      api.emit([e.call('k1', 'run_command'), approval({ args: { command }, risk: 'shell', scope: `\`${command}\``, warning: null })]),
    );
    expect(screen.getByTestId('approval-allow-conversation').textContent).toBe('Allow for this conversation');
    expect(screen.getByTestId('approval-scope').textContent).toBe(`Covers \`${command}\``);
  });

  it('a warned call (a write that can run code) shows the warning and offers only Allow once and Deny', async () => {
    const { api } = await running();
    act(() =>
      api.emit([
        e.call('k1', 'write_file'),
        approval(
          {
            args: { path: '.git/hooks/pre-commit', content: 'x' },
            scope: null,
            warning: 'Writing .git/hooks/pre-commit can make programs run later.',
          },
          'write_file',
        ),
      ]),
    );
    expect(screen.getByTestId('approval-warning').textContent).toContain('can make programs run');
    expect(screen.queryByTestId('approval-allow-conversation')).toBeNull();
    expect(screen.getByTestId('approval-allow-once')).toBeTruthy();
    expect(screen.getByTestId('approval-deny')).toBeTruthy();
  });
});
