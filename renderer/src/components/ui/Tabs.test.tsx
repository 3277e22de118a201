import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

function Pages() {
  const [page, setPage] = useState('general');
  return (
    <Tabs
      label="Settings sections"
      value={page}
      onValueChange={setPage}
      tabs={[
        { value: 'general', label: 'General', content: <p>General page</p> },
        { value: 'servers', label: 'Servers', content: <p>Servers page</p> },
      ]}
    />
  );
}

describe('ui/Tabs', () => {
  it('shows the chosen panel, labelled by its tab', () => {
    render(<Pages />);
    expect(screen.getByRole('tablist', { name: 'Settings sections' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'General' });
    expect(panel.textContent).toBe('General page');
    expect(screen.queryByText('Servers page')).toBeNull();
  });

  it('moves with the arrow keys', async () => {
    render(<Pages />);
    const general = screen.getByRole('tab', { name: 'General' });
    general.focus();
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    const servers = screen.getByRole('tab', { name: 'Servers' });
    await waitFor(() => expect(document.activeElement).toBe(servers));
    // Automatic activation: the focused tab's panel is shown.
    expect((await screen.findByRole('tabpanel', { name: 'Servers' })).textContent).toBe('Servers page');
  });
});
