import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('Settings: tool selection', () => {
  it('shows the tool budget (16) and no embedding model by default, and saves only what changed', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let saved: Settings = defaultSettings();
    api.handle('settings.get', () => saved);
    api.handle('settings.set', (patch) => {
      saved = applySettingsPatch(saved, patch);
      return saved;
    });
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-tool-selection'));

    const budget = await screen.findByTestId<HTMLInputElement>('settings-tool-budget');
    expect(budget.value).toBe('16');
    expect(screen.getByTestId<HTMLInputElement>('settings-embedding-model').value).toBe('');
    await user.clear(budget);
    await user.type(budget, '4');
    await user.type(screen.getByTestId('settings-embedding-model'), ' nomic-embed-text ');
    await user.click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(api.callsOf('settings.set')).toEqual([{ toolBudget: 4, embeddingModel: 'nomic-embed-text' }]));
    expect(saved.toolBudget).toBe(4);
  });

  it('refuses a budget that is not a whole number before asking main', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-tool-selection'));
    const budget = await screen.findByTestId<HTMLInputElement>('settings-tool-budget');
    await user.clear(budget);
    await user.click(screen.getByTestId('settings-save'));
    expect(screen.getByTestId('settings-error').textContent).toBe('Tools per request must be a whole number.');
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('settings.set')).toEqual([]);
  });
});
