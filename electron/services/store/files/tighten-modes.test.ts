import { chmodSync, lstatSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createAppServices } from '../../app/app-services';
import { DEFAULTS } from '../../../../shared/constants';
import { tightenDataModes, tightenDataModesOnce } from './tighten-modes';

const cleanups = cleanupAfterEach();
const mode = (entry: string): number => statSync(entry).mode & 0o777;

/** A data folder as an older TACO left it: folders 0755, files 0644, and a link to a file that is not TACO's. */
function olderInstall(): { dataDir: string; outside: string; entries: { folders: string[]; files: string[] } } {
  const base = cleanups.tempDir('taco-tighten-');
  const dataDir = path.join(base, 'TACO');
  const folders = [
    dataDir,
    ...['logs', 'logs/llm', 'logs/llm/2026-11-01', 'documents', 'documents/blobs', 'conversations', 'mcp-auth'].map((sub) =>
      path.join(dataDir, sub),
    ),
  ];
  for (const folder of folders) mkdirSync(folder, { recursive: true });
  const files = [
    'memory.jsonl',
    'logs/llm/2026-11-01/0001.json',
    'documents/versions.jsonl',
    'documents/blobs/ab12',
    'mcp-auth/remote.json',
  ].map((file) => path.join(dataDir, file));
  for (const file of files) writeFileSync(file, '');
  for (const folder of folders) chmodSync(folder, 0o755);
  for (const file of files) chmodSync(file, 0o644);
  const outside = path.join(base, 'shared-notes.txt');
  writeFileSync(outside, 'not TACO’s');
  chmodSync(outside, 0o644);
  symlinkSync(outside, path.join(dataDir, 'documents', 'linked.txt'));
  return { dataDir, outside, entries: { folders, files } };
}

describe.skipIf(process.platform === 'win32')('an older install’s open modes are narrowed at start', () => {
  it('folders become 0700 and files 0600; a symbolic link’s target is left alone', async () => {
    const { dataDir, outside, entries } = olderInstall();
    expect(await tightenDataModes(dataDir)).toBe(entries.folders.length + entries.files.length);
    for (const folder of entries.folders) expect([folder, mode(folder)]).toEqual([folder, 0o700]);
    for (const file of entries.files) expect([file, mode(file)]).toEqual([file, 0o600]);
    expect(mode(outside)).toBe(0o644);
    expect(lstatSync(path.join(dataDir, 'documents', 'linked.txt')).isSymbolicLink()).toBe(true);
    // Already narrow: nothing to do the next time.
    expect(await tightenDataModes(dataDir)).toBe(0);
  });

  it('keeps the owner’s bits, widens nothing, and follows a data folder that is itself a link', async () => {
    const { dataDir, entries } = olderInstall();
    const script = path.join(dataDir, 'hook.sh');
    writeFileSync(script, '');
    chmodSync(script, 0o751);
    const readOnly = path.join(dataDir, 'read-only.json');
    writeFileSync(readOnly, '');
    chmodSync(readOnly, 0o400);
    const link = `${dataDir}-link`;
    symlinkSync(dataDir, link);
    await tightenDataModes(link);
    expect(mode(script)).toBe(0o700);
    expect(mode(readOnly)).toBe(0o400);
    expect(mode(entries.folders[0] ?? '')).toBe(0o700);
  });

  it('stops after the given number of entries', async () => {
    const { dataDir } = olderInstall();
    expect(await tightenDataModes(dataDir, 2)).toBe(2);
    expect(mode(dataDir)).toBe(0o700);
  });

  it('start walks the whole folder once; later starts look at the first level, and walk again when it is loose', async () => {
    const { dataDir, entries } = olderInstall();
    const marker = path.join(dataDir, DEFAULTS.store.modesMarker);
    expect(await tightenDataModesOnce(dataDir)).toBe(entries.folders.length + entries.files.length);
    expect(mode(marker)).toBe(0o600);
    for (const file of entries.files) expect([file, mode(file)]).toEqual([file, 0o600]);

    // Deep entries are not looked at again while the first level is narrow…
    const deep = entries.files[1] ?? '';
    chmodSync(deep, 0o644);
    expect(await tightenDataModesOnce(dataDir)).toBe(0);
    expect(mode(deep)).toBe(0o644);
    // …and are when an older version left a loose entry at the first level.
    const logs = path.join(dataDir, 'logs');
    chmodSync(logs, 0o755);
    expect(await tightenDataModesOnce(dataDir)).toBe(2);
    expect([mode(logs), mode(deep)]).toEqual([0o700, 0o600]);
  });

  it('a walk cut short leaves no marker, so the next start walks again', async () => {
    const { dataDir } = olderInstall();
    await tightenDataModesOnce(dataDir, 2);
    expect(() => statSync(path.join(dataDir, DEFAULTS.store.modesMarker))).toThrow();
    expect(await tightenDataModesOnce(dataDir)).toBeGreaterThan(0);
    expect(mode(path.join(dataDir, DEFAULTS.store.modesMarker))).toBe(0o600);
  });

  it('a missing data folder is nothing to do', async () => {
    expect(await tightenDataModes(path.join(cleanups.tempDir('taco-tighten-'), 'absent'))).toBe(0);
  });

  it('the app does it when it opens its storage', async () => {
    const { dataDir, entries } = olderInstall();
    const services = await createAppServices({ dataDir, ollamaHost: 'http://127.0.0.1:9', openExternal: async () => undefined });
    cleanups.defer(() => services.dispose());
    for (const folder of entries.folders) expect([folder, mode(folder)]).toEqual([folder, 0o700]);
    for (const file of entries.files) expect([file, mode(file)]).toEqual([file, 0o600]);
  });
});
