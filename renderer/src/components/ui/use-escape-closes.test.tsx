import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useEscapeCloses } from './use-escape-closes';

function Overlay({ withReturn }: { withReturn: boolean }) {
  const [open, setOpen] = useState(false);
  useEscapeCloses(open, () => setOpen(false), withReturn ? () => document.getElementById('elsewhere') : undefined);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button" id="elsewhere">
        Elsewhere
      </button>
      {open && (
        <aside aria-label="Overlay">
          <input aria-label="Inside" />
        </aside>
      )}
    </div>
  );
}

describe('ui/useEscapeCloses', () => {
  it('Esc anywhere closes the overlay and focus goes back to its opener', () => {
    render(<Overlay withReturn={false} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    screen.getByLabelText('Inside').focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Overlay' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focus goes where the overlay says when it says', () => {
    render(<Overlay withReturn />);
    screen.getByRole('button', { name: 'Open' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });

  it('leaves Esc to an open dialog and to a control that used it', () => {
    render(<Overlay withReturn={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'alertdialog');
    document.body.append(dialog);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('complementary', { name: 'Overlay' })).toBeTruthy();
    dialog.remove();
    const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    used.preventDefault();
    document.body.dispatchEvent(used);
    expect(screen.getByRole('complementary', { name: 'Overlay' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Overlay' })).toBeNull();
  });
});
