import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './AlertDialog';
import { FOCUS_KEY } from './use-opener-focus';

/** A row whose action swaps its opener for another control while the dialog is open (Undo → Redo). */
function SwappingRow({ withKey }: { withKey: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const key = withKey ? { [FOCUS_KEY]: 'undo-1' } : {};
  return (
    <div>
      <button type="button">Expand</button>
      <span>
        {done ? null : (
          <button key="undo" type="button" {...key} onClick={() => setOpen(true)}>
            Undo
          </button>
        )}
      </span>
      {done && (
        <button key="redo" type="button" {...key}>
          Redo
        </button>
      )}
      {open && (
        <AlertDialog
          title="Undo?"
          description="Puts the file back."
          confirmLabel={done ? undefined : 'Undo'}
          cancelLabel={done ? 'Close' : 'Cancel'}
          onConfirm={() => setDone(true)}
          onCancel={() => setOpen(false)}
          testId="a"
        />
      )}
    </div>
  );
}

describe('ui/AlertDialog', () => {
  it('is an alertdialog in a portal, focus on Cancel (the safe choice)', async () => {
    const { container } = render(
      <AlertDialog
        title="Undo?"
        description="Puts the file back."
        confirmLabel="Undo"
        onConfirm={() => undefined}
        onCancel={() => undefined}
        testId="a"
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Undo?' });
    expect(container.contains(dialog)).toBe(false);
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('Puts the file back.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('a-cancel')));
  });

  it('Escape cancels without confirming', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <AlertDialog
        title="Delete?"
        description="Gone for good."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
        testId="a"
      />,
    );
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirm runs the action and leaves closing to the caller', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<AlertDialog title="Delete?" description="Gone." confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} testId="a" />);
    fireEvent.click(screen.getByTestId('a-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('gives focus back to the opener, or to the control that took its place, never to the body', async () => {
    render(<SwappingRow withKey />);
    screen.getByRole('button', { name: 'Undo' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(await screen.findByTestId('a-confirm'));
    fireEvent.click(screen.getByTestId('a-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Redo' })));
  });

  it('an opener gone without a successor hands focus to the nearest control where it was', async () => {
    render(<SwappingRow withKey={false} />);
    screen.getByRole('button', { name: 'Undo' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(await screen.findByTestId('a-confirm'));
    fireEvent.click(screen.getByTestId('a-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Expand' })));
  });

  it('the opener still there gets focus back', async () => {
    render(<SwappingRow withKey />);
    screen.getByRole('button', { name: 'Undo' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(await screen.findByTestId('a-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' })));
  });
});
