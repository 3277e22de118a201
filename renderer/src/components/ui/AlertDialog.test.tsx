import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './AlertDialog';

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
});
