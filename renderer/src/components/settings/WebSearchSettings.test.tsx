import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { WEB_SEARCH_KEY_MASK } from '../../../../shared/settings/web-search';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

async function openSettings(initial: Settings) {
  const user = userEvent.setup();
  const api = createFakeApi();
  let saved = initial;
  api.handle('settings.get', () => saved);
  api.handle('settings.set', (patch) => (saved = applySettingsPatch(saved, patch)));
  await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-web-search'));
  return { user, api };
}

describe('Settings: web search', () => {
  it('is off by default; picking Ollama with a key sends provider and key', async () => {
    const { user, api } = await openSettings(defaultSettings());
    const provider = screen.getByTestId<HTMLSelectElement>('settings-web-search-provider');
    expect(provider.value).toBe('off');
    expect(screen.queryByTestId('settings-web-search-key')).toBeNull();
    await user.selectOptions(provider, 'ollama');
    const key = screen.getByTestId<HTMLInputElement>('settings-web-search-key');
    expect(key.type).toBe('password');
    await user.type(key, 'sk-abc');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.callsOf('settings.set')).toEqual([{ webSearch: { provider: 'ollama', ollamaApiKey: 'sk-abc' } }]));
  });

  it('sends the masked key back untouched when only the provider changes, and a SearXNG address', async () => {
    // settings.get shows a stored key masked; main swaps the mask for the stored key (unmaskWebSearch).
    const { user, api } = await openSettings({
      ...defaultSettings(),
      webSearch: { provider: 'ollama', ollamaApiKey: WEB_SEARCH_KEY_MASK },
    });
    expect(screen.getByTestId<HTMLInputElement>('settings-web-search-key').value).toBe(WEB_SEARCH_KEY_MASK);
    await user.selectOptions(screen.getByTestId('settings-web-search-provider'), 'searxng');
    await user.type(screen.getByTestId('settings-web-search-searxng'), 'http://127.0.0.1:8888');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(api.callsOf('settings.set')).toEqual([
        { webSearch: { provider: 'searxng', ollamaApiKey: WEB_SEARCH_KEY_MASK, searxngUrl: 'http://127.0.0.1:8888' } },
      ]),
    );
  });
});
