import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { renderWithStore } from '../../../test/render-app';
import { MessageList } from '../message-list/MessageList';

const e = eventsFor('c1', 'r1');

describe('approval card: Unicode tricks are revealed', () => {
  it('shows bidi overrides and zero-width characters in the call and the diff as ⟦U+…⟧, with a warning', async () => {
    const env = await renderWithStore(<MessageList />);
    await act(() => env.store.getState().send('go'));
    const base = e.approval('a1', 'k1', 'write_file', '--- a.txt\n+++ a.txt\n+safe\u200Bcode\u2067') as Extract<
      TacoEvent,
      { type: 'approval-request' }
    >;
    act(() =>
      env.api.emit([
        e.user('go', 'm1'),
        e.start('do it'),
        e.call('k1', 'write_file'),
        { ...base, args: { path: 'report\u202Etxt.sh', content: 'x' } },
      ]),
    );
    const card = screen.getByTestId('approval-card');
    expect(card.textContent).toContain('report⟦U+202E⟧txt.sh');
    expect(card.textContent).not.toMatch(/[\u202E\u200B\u2067]/);
    expect(screen.getByTestId('diff-preview').textContent).toContain('+safe⟦U+200B⟧code⟦U+2067⟧');
    expect(screen.getByTestId('approval-unicode-warning').textContent).toMatch(/2 direction-changing and 1 invisible character/);
  });

  it('no warning for ordinary text', async () => {
    const env = await renderWithStore(<MessageList />);
    await act(() => env.store.getState().send('go'));
    act(() => env.api.emit([e.user('go', 'm1'), e.start('do it'), e.call('k1', 'write_file'), e.approval('a1', 'k1')]));
    expect(screen.queryByTestId('approval-unicode-warning')).toBeNull();
  });
});
