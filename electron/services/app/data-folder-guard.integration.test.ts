import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataFolderHolding } from '../../../tools/files/data-folder-guard';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import { createAppServices } from './app-services';

const cleanups = cleanupAfterEach();

describe('the app services and their data folder', () => {
  it('the app services guard their data folder while they run', async () => {
    const workspace = cleanups.tempDir('taco-home-');
    const dataDir = path.join(workspace, '.config', 'taco');
    await mkdir(dataDir, { recursive: true });
    const services = await createAppServices({ dataDir, workspace, ollamaHost: 'http://127.0.0.1:9', openExternal: async () => undefined });
    expect(dataFolderHolding(path.join(dataDir, 'settings.json'))).not.toBeNull();
    await services.dispose();
    expect(dataFolderHolding(path.join(dataDir, 'settings.json'))).toBeNull();
  });
});
