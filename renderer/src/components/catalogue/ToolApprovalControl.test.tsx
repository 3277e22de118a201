import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, defaultSettings, type Settings } from '../../../../shared/settings/settings';
import { createFakeApi, tool } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { TacoCallError } from '../../transport/taco-call-error';
import { CatalogueToolCard } from './CatalogueToolCard';

const readFile = tool('read_file');
const writeFile = tool('write_file', { risk: 'write', requiresApproval: true });

/** A fake main that merges patches like the real one. */
function apiWith(initial: Partial<Settings> = {}) {
  const api = createFakeApi();
  let settings: Settings = { ...defaultSettings(), ...initial };
  api.handle('settings.get', () => settings);
  api.handle('settings.set', (patch) => {
    settings = applySettingsPatch(settings, patch);
    return settings;
  });
  return api;
}

const control = () => screen.getByTestId<HTMLSelectElement>('approval-setting');
const optionTexts = () =>
  within(control())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('ToolApprovalControl (the catalogue card’s approval setting)', () => {
  it('is a labelled select whose default says what it resolves to', async () => {
    await renderWithStore(<CatalogueToolCard tool={writeFile} />, { api: apiWith() });
    expect(screen.getByRole('combobox', { name: 'Approval Write File' })).toBe(control());
    expect(control().value).toBe('default');
    expect(optionTexts()).toEqual(['Default (Ask first)', 'Ask first', 'Run without asking', 'Never run']);
    expect(screen.getByText(/asks first, as your Settings do for write tools/)).toBeTruthy();
  });

  it('resolves the default from the tool’s config and the risk setting', async () => {
    const first = await renderWithStore(<CatalogueToolCard tool={readFile} />, { api: apiWith() });
    expect(optionTexts()[0]).toBe('Default (Run without asking)');
    first.unmount();
    await renderWithStore(<CatalogueToolCard tool={writeFile} />, {
      api: apiWith({ approvals: { ...defaultSettings().approvals, write: 'allow' } }),
    });
    expect(optionTexts()[0]).toBe('Default (Run without asking)');
    expect(screen.getByText(/your Settings allow write tools/)).toBeTruthy();
  });

  it('shows the saved override', async () => {
    await renderWithStore(<CatalogueToolCard tool={writeFile} />, { api: apiWith({ toolApprovals: { write_file: 'allow' } }) });
    expect(control().value).toBe('allow');
  });

  it('saves a choice through settings.set, and Default removes the override', async () => {
    const user = userEvent.setup();
    const { api, store } = await renderWithStore(<CatalogueToolCard tool={readFile} />, { api: apiWith() });
    await user.selectOptions(control(), 'Ask first');
    await waitFor(() => expect(control().value).toBe('ask'));
    expect(api.callsOf('settings.set')).toEqual([{ toolApprovals: { read_file: 'ask' } }]);
    expect(store.getState().settings?.toolApprovals).toEqual({ read_file: 'ask' });

    await user.selectOptions(control(), 'Default (Run without asking)');
    await waitFor(() => expect(control().value).toBe('default'));
    expect(api.callsOf('settings.set').at(-1)).toEqual({ toolApprovals: { read_file: null } });
    expect(store.getState().settings?.toolApprovals).toEqual({});
  });

  it('shows main’s message when the choice is refused, and keeps the saved value', async () => {
    const user = userEvent.setup();
    const api = apiWith();
    api.handle('settings.set', () => {
      throw new TacoCallError(
        'invalid-payload',
        'settings.set: invalid request: "toolApprovals" names a tool the catalogue does not have: "read_file".',
      );
    });
    await renderWithStore(<CatalogueToolCard tool={readFile} />, { api });
    await user.selectOptions(control(), 'Run without asking');
    expect((await screen.findByRole('alert')).textContent).toContain('"toolApprovals" names a tool the catalogue does not have');
    expect(control().value).toBe('default');
    expect(control().disabled).toBe(false);
    expect(control().getAttribute('aria-invalid')).toBe('true');
  });

  it('cannot be changed before the settings are loaded', async () => {
    await renderWithStore(<CatalogueToolCard tool={readFile} />, { init: false });
    expect(control().disabled).toBe(true);
    expect(optionTexts()[0]).toBe('Default');
  });
});
