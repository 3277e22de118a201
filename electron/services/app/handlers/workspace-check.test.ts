import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWorkspacePatch } from './workspace-check';

const root = mkdtempSync(join(tmpdir(), 'taco-ws-check-'));
writeFileSync(join(root, 'file.txt'), 'x');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('workspace check', () => {
  it('accepts an existing folder by its full path, and leaves other patches alone', async () => {
    expect(await checkWorkspacePatch({ workspace: `${root}/./` })).toEqual({ workspace: root });
    expect(await checkWorkspacePatch({ workspace: null })).toEqual({ workspace: null });
    expect(await checkWorkspacePatch({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(await checkWorkspacePatch({ workspace: '~' })).toEqual({ workspace: homedir() });
  });

  it('refuses a relative path, a missing folder and a file, in words', async () => {
    await expect(checkWorkspacePatch({ workspace: 'projects' })).rejects.toThrow('must be a full path');
    await expect(checkWorkspacePatch({ workspace: join(root, 'missing') })).rejects.toThrow('does not exist');
    await expect(checkWorkspacePatch({ workspace: join(root, 'file.txt') })).rejects.toThrow('is a file, not a folder');
  });
});

describe('settings.set refuses a bad workspace and saves nothing', () => {
  it('through the app services', async () => {
    const { composeAppServices } = await import('../compose-app-services');
    const { fakePorts } = await import('../testing/fake-ports');
    const services = await composeAppServices(
      { dataDir: '/nowhere', openExternal: async () => undefined, batchIntervalMs: 1 },
      fakePorts(),
    );
    const refused = await services.handle('settings.set', { workspace: join(root, 'missing'), theme: 'dark' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-payload', message: expect.stringContaining('does not exist') } });
    expect(services.settings()).toMatchObject({ workspace: null, theme: 'system' });
    expect(await services.handle('settings.set', { workspace: root })).toMatchObject({ ok: true, value: { workspace: root } });
    await services.dispose();
  });
});
