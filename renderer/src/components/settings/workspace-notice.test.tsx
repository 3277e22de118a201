import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings/settings';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

describe('Settings → Workspace: main says when the folder contains TACO’s data folder', () => {
  it('shows main’s notice under the workspace field', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const notice = 'This folder contains TACO’s own data folder (/home/me/.config/TACO).';
    api.handle('settings.get', () => ({ ...defaultSettings(), workspace: '/home/me', workspaceNotice: notice }));
    await renderWithStore(<App />, { api });
    await user.click(screen.getByTestId('settings-button'));
    await user.click(await screen.findByTestId('settings-tab-workspace'));
    expect((await screen.findByTestId('settings-workspace-notice')).textContent).toContain(notice);
  });
});
