import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './Switch';

function Labelled() {
  const [on, setOn] = useState(false);
  return (
    <Switch checked={on} onChange={setOn} testId="s">
      Ask before writing
    </Switch>
  );
}

describe('ui/Switch', () => {
  it('is a switch named by the words beside it, and says whether it is on', () => {
    render(<Labelled />);
    const control = screen.getByRole('switch', { name: 'Ask before writing' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('true');
  });

  it('toggles when its words are clicked', () => {
    render(<Labelled />);
    fireEvent.click(screen.getByText('Ask before writing'));
    expect(screen.getByTestId('s').getAttribute('aria-checked')).toBe('true');
  });

  it('takes an aria-label when no words sit beside it, and does nothing while disabled', () => {
    let changed = false;
    render(
      <Switch
        checked
        ariaLabel="Enabled"
        disabled
        onChange={() => {
          changed = true;
        }}
      />,
    );
    const control = screen.getByRole('switch', { name: 'Enabled' });
    fireEvent.click(control);
    expect(changed).toBe(false);
    expect(control.getAttribute('aria-checked')).toBe('true');
  });
});
