import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from './cleanup-after-each';

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
