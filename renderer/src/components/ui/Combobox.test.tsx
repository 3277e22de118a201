import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './Combobox';
import type { CommandGroup } from './CommandList';

const GROUPS: CommandGroup[] = [
  {
    key: 'local',
    heading: 'This computer',
    items: [
      { id: 'local::llama3.2:3b', label: 'llama3.2 3b' },
      { id: 'local::qwen3:8b', label: 'qwen3 8b', keywords: ['thinking'] },
    ],
  },
  { key: 'box', heading: 'Docs box', items: [{ id: 'box::mistral:7b', label: 'mistral 7b' }] },
];

function open(onSelect = vi.fn()) {
  render(
    <Combobox trigger={<button type="button">Model</button>} groups={GROUPS} onSelect={onSelect} label="Models" inputTestId="search" />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Model' }));
  return onSelect;
}

describe('ui/Combobox', () => {
  it('opens a popover whose search field takes focus, grouped under headings', async () => {
    open();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('search')));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.getByText('This computer')).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('filters by typing, on labels and keywords but not ids', async () => {
    open();
    const search = screen.getByTestId('search');
    fireEvent.change(search, { target: { value: 'mistral' } });
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['mistral 7b']));
    fireEvent.change(search, { target: { value: 'thinking' } });
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['qwen3 8b']));
    fireEvent.change(search, { target: { value: 'box::' } });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
  });

  it('arrow keys move and Enter picks, then it closes', async () => {
    const onSelect = open();
    const search = screen.getByTestId('search');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('local::qwen3:8b');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
