import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataFolderHolding } from '../../../tools/files/guards/data-folder-guard';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { createAppServices } from './app-services';
import { callService } from './testing/service-calls';
import type { SettingsView } from '../../../shared/settings/settings';

const cleanups = cleanupAfterEach();

describe('the app services and their data folder', () => {
  it('the app services guard their data folder while they run', async () => {
    const workspace = cleanups.tempDir('taco-home-');
    const dataDir = path.join(workspace, '.config', 'taco');
    await mkdir(dataDir, { recursive: true });
    const services = await createAppServices({ dataDir, workspace, ollamaHost: 'http://127.0.0.1:9', openExternal: async () => undefined });
    expect(dataFolderHolding(path.join(dataDir, 'settings.json'))).not.toBeNull();
    // Settings say so: the workspace (the home folder here) contains the data folder.
    const settings = await callService<SettingsView>(services, 'settings.get', {});
    expect(settings.workspaceNotice).toMatch(/contains TACO's own data folder/);
    await services.dispose();
    expect(dataFolderHolding(path.join(dataDir, 'settings.json'))).toBeNull();
  });
});
