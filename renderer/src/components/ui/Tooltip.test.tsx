import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip';

describe('ui/Tooltip', () => {
  it('shows its hint when the trigger gets keyboard focus, and Escape hides it', async () => {
    render(
      <Tooltip content="Offered 4 of 20 tools">
        <button type="button">Tools</button>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Tools' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Offered 4 of 20 tools');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
