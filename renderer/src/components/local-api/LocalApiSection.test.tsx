import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LocalApiStatus } from '../../../../shared/settings/local-api';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';

type Ready = Extract<LocalApiStatus, { type: 'ready' }>;

function ready(patch: Partial<Ready> = {}): Ready {
  return { type: 'ready', enabled: false, port: 11_500, hasKey: false, allowApprovals: false, url: null, problem: null, ...patch };
}

async function openLocalApi(initial: LocalApiStatus) {
  const user = userEvent.setup();
  const api = createFakeApi();
  let status = initial;
  api.handle('localApi.get', () => status);
  api.handle('localApi.set', (change) => {
    const current: Ready = status.type === 'ready' ? status : ready();
    const next: Ready = { ...current, ...change, url: change.enabled ? 'http://127.0.0.1:11500/v1' : null };
    status = next;
    return next;
  });
  api.handle('localApi.rotateKey', () => {
    const next: Ready = { ...(status.type === 'ready' ? status : ready()), hasKey: true };
    status = next;
    return { key: 'taco-secret-key-shown-once', status: next };
  });
  await renderWithStore(<App />, { api });
  await user.click(screen.getByTestId('settings-button'));
  await user.click(await screen.findByTestId('settings-tab-local-api'));
  await screen.findByTestId('local-api-section');
  return { user, api };
}

describe('Settings → Local API', () => {
  it('turns the API on, shows the address, and shows a new key once', async () => {
    const { user, api } = await openLocalApi(ready());
    await user.click(await screen.findByTestId('local-api-enabled'));
    expect(api.callsOf('localApi.set')).toEqual([{ enabled: true }]);
    await waitFor(() => expect(screen.getByTestId('local-api-address').textContent).toContain('http://127.0.0.1:11500/v1'));

    await user.click(screen.getByTestId('local-api-rotate'));
    expect((await screen.findByTestId('local-api-new-key')).textContent).toContain('taco-secret-key-shown-once');
    expect(screen.getByTestId('local-api-rotate').textContent).toBe('Replace the key');

    // Leaving the tab forgets the key: it is never shown again.
    await user.click(screen.getByTestId('settings-tab-connection'));
    await user.click(screen.getByTestId('settings-tab-local-api'));
    await screen.findByTestId('local-api-section');
    expect(screen.queryByTestId('local-api-new-key')).toBeNull();
  });

  it('answering approvals over the API is off until the user turns it on', async () => {
    const { user, api } = await openLocalApi(ready({ enabled: true, hasKey: true }));
    const allow = await screen.findByTestId('local-api-allow-approvals');
    expect(allow.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('local-api-section').textContent).toContain('wait for you to approve');
    await user.click(allow);
    expect(api.callsOf('localApi.set')).toEqual([{ allowApprovals: true }]);
    await waitFor(() => expect(screen.getByTestId('local-api-section').textContent).toContain('without you'));
  });

  it('sends a valid port when the field is left, and never an invalid one', async () => {
    const { user, api } = await openLocalApi(ready({ enabled: true, hasKey: true }));
    const port = await screen.findByTestId('local-api-port');
    await waitFor(() => expect((port as HTMLInputElement).value).toBe('11500'));
    await user.clear(port);
    await user.type(port, '80');
    await user.tab();
    expect(port.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('localApi.set')).toEqual([]);
    await user.clear(port);
    await user.type(port, '12000');
    await user.tab();
    expect(api.callsOf('localApi.set')).toEqual([{ port: 12_000 }]);
  });

  it('says where the API runs when this host has none', async () => {
    await openLocalApi({ type: 'unavailable', message: 'The local API runs in the desktop app.', command: 'TACO_API_KEY=k npm run api' });
    expect((await screen.findByTestId('local-api-unavailable')).textContent).toContain('desktop app');
  });
});
