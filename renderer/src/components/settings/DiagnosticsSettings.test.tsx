import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('Settings: diagnostics', () => {
  it('has the raw model log off by default, says where it goes, and saves the switch', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let saved: Settings = defaultSettings();
    api.handle('settings.get', () => saved);
    api.handle('settings.set', (patch) => (saved = applySettingsPatch(saved, patch)));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-diagnostics'));

    const raw = await screen.findByRole('switch', { name: 'Write every raw model request and response to a log' });
    expect(raw).toBe(screen.getByTestId('settings-debug-raw-log'));
    expect(raw.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('settings-debug-raw-log-where').textContent).toContain('logs/llm/');
    await user.click(raw);
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.callsOf('settings.set')).toEqual([{ debugRawLog: true }]));
    expect(saved.debugRawLog).toBe(true);
  });
});
