import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

async function cardWith(sandbox: { sandboxed: boolean; text: string }) {
  const env = await renderWithStore(<MessageList />);
  await act(() => env.store.getState().send('go'));
  const request = { ...(e.approval('a1', 'k1', 'run_command', null) as Extract<TacoEvent, { type: 'approval-request' }>) };
  act(() =>
    env.api.emit([
      e.user('go', 'm1'),
      e.start('do it'),
      e.call('k1', 'run_command'),
      { ...request, args: { command: 'npm test', network: true }, risk: 'shell', scope: '`npm test` with network', warning: null, sandbox },
    ]),
  );
  return screen.getByTestId('approval-sandbox');
}

describe('approval card: what the OS sandbox allows, in main’s words', () => {
  it('a sandboxed command says what it may do', async () => {
    const line = await cardWith({ sandboxed: true, text: 'Can write only in the workspace · may use the network' });
    expect(line.textContent).toBe('Can write only in the workspace · may use the network');
    expect(line.className).toBe('card-sandbox');
    expect(screen.getByTestId('approval-allow-conversation').textContent).toBe('Allow `npm test` with network for this conversation');
  });

  it('where there is no sandbox the card warns that the command runs with full rights', async () => {
    const line = await cardWith({
      sandboxed: false,
      text: 'Runs with your full rights — no sandbox on this system (Windows has no sandbox TACO can use).',
    });
    expect(line.textContent).toBe('⚠ Runs with your full rights — no sandbox on this system (Windows has no sandbox TACO can use).');
    expect(line.className).toBe('card-warning');
  });
});
