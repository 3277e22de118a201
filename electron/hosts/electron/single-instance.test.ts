import { expect, it, vi } from 'vitest';
import type { FakeElectron } from './testing/fake-electron';

const electron = vi.hoisted(() => ({ current: null as FakeElectron | null }));
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./testing/fake-electron');
  electron.current = createFakeElectron();
  // Another TACO is running: requestSingleInstanceLock() answers false (electron_api_app.cc).
  electron.current.app.lockHeldElsewhere = true;
  return electron.current;
});

it('a second TACO quits at once: no window, no services, no protocol, before the app is even ready', async () => {
  const { startMain } = await import('./start-main');
  await startMain();
  const fake = electron.current;
  if (!fake) throw new Error('electron was not mocked');
  expect(fake.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
  expect(fake.app.quit).toHaveBeenCalledTimes(1);
  expect(fake.app.isQuitting()).toBe(true);
  expect(fake.windows).toHaveLength(0);
  expect(fake.app.whenReady).not.toHaveBeenCalled();
  expect(fake.protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled();
});
