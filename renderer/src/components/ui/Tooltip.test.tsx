import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Popover } from './Popover';
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

  it('as a Popover’s trigger it passes the opener’s props on: a click opens the popover, focus shows the hint', async () => {
    render(
      <Popover
        label="Models"
        trigger={
          <Tooltip content="llama3.2:3b · This computer">
            <button type="button">llama3.2:3b</button>
          </Tooltip>
        }
      >
        <p>The list</p>
      </Popover>,
    );
    const button = screen.getByRole('button', { name: 'llama3.2:3b' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.focus(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('llama3.2:3b · This computer');
    await userEvent.setup().click(button);
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
