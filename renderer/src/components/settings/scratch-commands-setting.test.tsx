import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/settings';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

async function openApprovals(view: Record<string, unknown>) {
  const user = userEvent.setup();
  const api = createFakeApi();
  api.handle('settings.get', () => ({ ...defaultSettings(), runScratchCommandsWithoutAsking: true, ...view }));
  await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-approvals'));
  return { user, toggle: await screen.findByTestId('settings-scratch-commands') };
}

describe('Settings → Approvals: "run commands without asking" only where a sandbox works', () => {
  it('where main reports no sandbox, the switch is off and disabled, and main’s reason is said beside it', async () => {
    const reason = 'Runs with your full rights — no sandbox on this system (bubblewrap is not installed).';
    const { user, toggle } = await openApprovals({ commandSandboxMissing: reason });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    const hint = screen.getByTestId('settings-scratch-commands-unavailable');
    expect(hint.textContent).toBe(`Not available: this system has no working sandbox, so every command asks. ${reason}`);
    expect(toggle.getAttribute('aria-describedby')).toBe(hint.id);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('where the sandbox works, the switch shows the setting and can be turned off', async () => {
    const { user, toggle } = await openApprovals({});
    expect((toggle as HTMLButtonElement).disabled).toBe(false);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('settings-scratch-commands-unavailable')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
