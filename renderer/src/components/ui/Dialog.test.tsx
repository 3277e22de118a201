import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function Opener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ transform: 'translateY(10px)' }} data-testid="transformed">
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="A dialog"
          testId="the-dialog"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <input aria-label="First field" />
          <button type="button">Inside</button>
        </Dialog>
      )}
    </div>
  );
}

describe('ui/Dialog', () => {
  it('renders in a portal on document.body, outside a transformed ancestor', () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'A dialog' });
    expect(screen.getByTestId('transformed').contains(dialog)).toBe(false);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('moves focus to the first field of its body', async () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First field')));
  });

  it('prefers a [data-autofocus] control', async () => {
    render(
      <Dialog title="Choose" testId="d" onClose={() => undefined}>
        <input aria-label="Plain" />
        <button type="button" data-autofocus>
          Wanted
        </button>
      </Dialog>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Wanted' })));
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First field')));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes with its × button', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Closable" testId="c" onClose={onClose}>
        <p>Body</p>
      </Dialog>,
    );
    fireEvent.click(screen.getByTestId('c-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('hides the rest of the app from assistive technology while open', async () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Radix marks everything outside the dialog hidden from assistive technology while it is open.
    expect(screen.getByTestId('transformed').closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
