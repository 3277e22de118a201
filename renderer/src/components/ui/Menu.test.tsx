import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem } from './Menu';

function renderMenu(onRename = vi.fn()) {
  const { container } = render(
    <Menu trigger={<button type="button">Actions</button>}>
      <MenuItem onSelect={onRename}>Rename</MenuItem>
      <MenuItem tone="danger" onSelect={() => undefined}>
        Delete
      </MenuItem>
    </Menu>,
  );
  const trigger = screen.getByRole('button', { name: 'Actions' });
  trigger.focus();
  // Radix opens a dropdown on pointerdown (mouse) or Enter/Space/ArrowDown (keyboard).
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return { container, trigger, onRename };
}

describe('ui/Menu', () => {
  it('is a menu in a portal with its items, focus on the first', async () => {
    const { container } = renderMenu();
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(container.contains(menu)).toBe(false);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename', 'Delete']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })));
  });

  it('runs an item on Enter and closes, focus back on the trigger', async () => {
    const { trigger, onRename } = renderMenu();
    const item = await screen.findByRole('menuitem', { name: 'Rename' });
    fireEvent.keyDown(item, { key: 'Enter' });
    expect(onRename).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes on Escape without running anything', async () => {
    const { onRename } = renderMenu();
    fireEvent.keyDown(await screen.findByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onRename).not.toHaveBeenCalled();
  });
});
