import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings';
import { renderWithStore } from '../../test/render-app';
import { TacoCallError } from '../transport/taco-call-error';
import { App } from './App';

describe('SettingsDialog', () => {
  it('shows main’s words when it refuses a host, and saves a good one', async () => {
    const user = userEvent.setup();
    const { api } = await renderWithStore(<App />);
    await user.click(screen.getByTestId('settings-button'));
    expect(screen.getByRole('dialog', { name: 'Settings' }).getAttribute('aria-modal')).toBe('true');
    const input = screen.getByTestId('settings-host-input');
    expect(document.activeElement).toBe(input);

    api.handle('settings.set', () => {
      throw new TacoCallError('invalid-payload', 'settings.set: invalid request: "ollamaHost" must be an http:// or https:// URL');
    });
    await user.clear(input);
    await user.type(input, 'file:///etc/passwd');
    await user.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toContain('"ollamaHost" must be an http:// or https:// URL');
    expect(screen.getByTestId('settings-dialog')).toBeTruthy();

    api.handle('settings.set', (patch) => ({ ...defaultSettings(), ollamaHost: patch.ollamaHost ?? '' }));
    await user.clear(input);
    await user.type(input, 'http://10.0.0.2:11434');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-dialog')).toBeNull());
    expect(api.callsOf('settings.set').at(-1)).toEqual({ ollamaHost: 'http://10.0.0.2:11434' });
    // A new host means a new model list.
    await waitFor(() => expect(api.callsOf('models.list')).toHaveLength(2));
  });
});
