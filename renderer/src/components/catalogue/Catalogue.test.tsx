import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('Catalogue', () => {
  it('lists tools by category with their details, and filters by search', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />);
    await user.click(screen.getByTestId('catalogue-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Tools' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('catalogue-tool')).toHaveLength(3));
    expect(api.callsOf('tools.list')).toHaveLength(1);
    expect(screen.getAllByTestId('catalogue-category').map((section) => section.getAttribute('aria-label'))).toEqual(['files', 'web']);

    const write = screen.getAllByTestId('catalogue-tool').find((card) => card.dataset.toolId === 'write_file');
    expect(write?.textContent).toContain('Path in the workspace');
    expect(write?.textContent).toContain('Use write_file carefully.');
    expect(write?.querySelector('[data-testid="risk-badge"]')?.getAttribute('data-risk')).toBe('write');
    const approval = write?.querySelector<HTMLSelectElement>('[data-testid="approval-setting"]');
    expect(approval?.value).toBe('default');
    expect(approval?.selectedOptions[0]?.textContent).toBe('Default (Ask first)');
    const read = screen.getAllByTestId('catalogue-tool').find((card) => card.dataset.toolId === 'read_file');
    expect(read?.querySelector<HTMLSelectElement>('[data-testid="approval-setting"]')?.selectedOptions[0]?.textContent).toBe(
      'Default (Run without asking)',
    );

    await user.type(screen.getByTestId('catalogue-search'), 'web page');
    expect(screen.getAllByTestId('catalogue-tool').map((card) => card.dataset.toolId)).toEqual(['fetch_url']);
    await user.clear(screen.getByTestId('catalogue-search'));
    await user.type(screen.getByTestId('catalogue-search'), 'nothing-like-this');
    expect(screen.getByTestId('catalogue-empty')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('catalogue')).toBeNull();
  });
});
