import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toast';
import { showToast } from './toast-queue';

describe('ui/Toast', () => {
  it('shows a message with its action; the action runs and the toast goes', () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Server removed', action: { label: 'Undo', altText: 'Undo removing the server', run: undo } });
    });
    expect(screen.getByText('Server removed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('toast-action'));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Server removed')).toBeNull();
  });
});
