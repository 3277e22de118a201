import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createAppServices } from '../../app/app-services';
import { callService } from '../../app/testing/service-calls';
import { writeFileAtomic } from './atomic-write';

const cleanups = cleanupAfterEach();
const mode = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

describe.skipIf(process.platform === 'win32')('data files are the user alone', () => {
  it('a fresh data folder is 0700 and settings.json is 0600, whatever the umask', async () => {
    const base = cleanups.tempDir('taco-modes-');
    const dataDir = path.join(base, 'fresh', 'TACO');
    const previous = process.umask(0o022);
    try {
      const services = await createAppServices({ dataDir, ollamaHost: 'http://127.0.0.1:9', openExternal: async () => undefined });
      cleanups.defer(() => services.dispose());
      await callService(services, 'settings.set', { theme: 'dark' });
      expect(await mode(dataDir)).toBe(0o700);
      expect(await mode(path.join(dataDir, 'settings.json'))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('rewriting a world-readable file leaves it 0600', async () => {
    const file = path.join(cleanups.tempDir('taco-modes-'), 'mcp.json');
    await writeFile(file, '{}', { mode: 0o644 });
    await writeFileAtomic(file, '{"mcpServers":{}}');
    expect(await mode(file)).toBe(0o600);
  });
});
