import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanupAfterAll, cleanupAfterEach } from './cleanups';

describe('cleanupAfterEach', () => {
  const cleanups = cleanupAfterEach();
  const order: string[] = [];
  let folder = '';

  it('defers cleanups and folders to the end of the test', () => {
    cleanups.defer(() => void order.push('server'));
    cleanups.defer(async () => {
      await Promise.resolve();
      order.push('service');
    });
    folder = cleanups.tempDir('taco-cleanup-');
    cleanups.defer(() => void order.push(existsSync(folder) ? 'folder still there' : 'folder gone'));
    expect(existsSync(folder)).toBe(true);
    expect(order).toEqual([]);
  });

  it('ran them after that test, last opened first, and removed the folder', () => {
    expect(order).toEqual(['folder still there', 'service', 'server']);
    expect(existsSync(folder)).toBe(false);
  });
});

describe('cleanupAfterAll', () => {
  const order: string[] = [];
  let folder = '';

  describe('a block whose tests share what they open', () => {
    const cleanups = cleanupAfterAll();

    it('opens a folder and a server', () => {
      folder = cleanups.tempDir('taco-cleanup-all-');
      cleanups.defer(() => void order.push('server'));
    });

    it('still has both in the next test', () => {
      expect(existsSync(folder)).toBe(true);
      expect(order).toEqual([]);
    });
  });

  it('closed them once the block had finished', () => {
    expect(order).toEqual(['server']);
    expect(existsSync(folder)).toBe(false);
  });
});
