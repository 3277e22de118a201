import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('Settings: file versions', () => {
  it('shows the default budget (200 MB) and saves a new one', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let saved: Settings = defaultSettings();
    api.handle('settings.get', () => saved);
    api.handle('settings.set', (patch) => (saved = applySettingsPatch(saved, patch)));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-file-versions'));

    const budget = await screen.findByTestId<HTMLInputElement>('settings-version-budget');
    expect(budget.value).toBe('200');
    await user.clear(budget);
    await user.type(budget, '50');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.callsOf('settings.set')).toEqual([{ versionBudgetMb: 50 }]));
    expect(saved.versionBudgetMb).toBe(50);
  });

  it('refuses a budget that is not a whole number before asking main', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-file-versions'));
    const budget = await screen.findByTestId<HTMLInputElement>('settings-version-budget');
    await user.clear(budget);
    await user.click(screen.getByTestId('settings-save'));
    expect(screen.getByTestId('settings-error').textContent).toBe('Space for file versions must be a whole number.');
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('settings.set')).toEqual([]);
  });
});
