import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../shared/constants';
import { chooseScratchBase, type ScratchBaseOptions } from './scratch-base';

const TMPFS = 0x01021994;
const EXT4 = 0xef53;
const ROOM = DEFAULTS.modelCheck.scratchMinFreeBytes;

/** A system whose folders have the given type and room; missing ones throw as statfs does. */
function system(
  folders: Record<string, { type: number; freeBytes: number; writable?: boolean }>,
  overrides: Partial<ScratchBaseOptions> = {},
): ScratchBaseOptions {
  return {
    platform: 'linux',
    env: { XDG_RUNTIME_DIR: '/run/user/1000' },
    statfs: (folder) => {
      const found = folders[folder];
      if (!found) throw new Error(`ENOENT: ${folder}`);
      return found;
    },
    writable: (folder) => folders[folder]?.writable ?? true,
    tmpdir: () => '/tmp',
    ...overrides,
  };
}

describe('where the check’s scratch folders go', () => {
  it('prefers the user’s runtime folder when it is tmpfs with room, then /dev/shm', () => {
    const both = { '/run/user/1000': { type: TMPFS, freeBytes: ROOM }, '/dev/shm': { type: TMPFS, freeBytes: ROOM } };
    expect(chooseScratchBase(system(both))).toBe('/run/user/1000');
    expect(chooseScratchBase(system(both, { env: {} }))).toBe('/dev/shm');
    expect(chooseScratchBase(system({ '/dev/shm': { type: TMPFS, freeBytes: ROOM } }))).toBe('/dev/shm');
  });

  it('uses the system’s temp folder when no memory-backed one is usable', () => {
    expect(chooseScratchBase(system({}))).toBe('/tmp');
    expect(
      chooseScratchBase(system({ '/run/user/1000': { type: EXT4, freeBytes: ROOM }, '/dev/shm': { type: EXT4, freeBytes: ROOM } })),
    ).toBe('/tmp');
    expect(chooseScratchBase(system({ '/dev/shm': { type: TMPFS, freeBytes: ROOM - 1 } }))).toBe('/tmp');
    expect(chooseScratchBase(system({ '/dev/shm': { type: TMPFS, freeBytes: ROOM, writable: false } }))).toBe('/tmp');
  });

  it('looks for one on Linux only', () => {
    const shm = { '/dev/shm': { type: TMPFS, freeBytes: ROOM } };
    expect(chooseScratchBase(system(shm, { platform: 'darwin' }))).toBe('/tmp');
    expect(chooseScratchBase(system(shm, { platform: 'win32', tmpdir: () => 'C:\\Temp' }))).toBe('C:\\Temp');
  });
});
