import { describe, expect, it } from 'vitest';
import { findSeccompHelper } from './seccomp-helper';

const tail = 'node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp';

describe('findSeccompHelper: where the seccomp helper is', () => {
  it('a packaged app: beside app.asar, in app.asar.unpacked (a program inside the asar cannot run)', () => {
    const there = `/opt/TACO/resources/app.asar.unpacked/${tail}/x64/apply-seccomp`;
    const found = findSeccompHelper(
      { resourcesPath: '/opt/TACO/resources', cwd: '/home/ana', here: '/opt/TACO/resources/app.asar/out/main', arch: 'x64' },
      (file) => file === there,
    );
    expect(found).toBe(there);
  });

  it('inside the asar, the same path unpacked is taken, never the packed one', () => {
    const unpacked = `/opt/TACO/resources/app.asar.unpacked/${tail}/arm64/apply-seccomp`;
    const asked: string[] = [];
    const found = findSeccompHelper({ cwd: '/', here: '/opt/TACO/resources/app.asar/out/main', arch: 'arm64' }, (file) => {
      asked.push(file);
      return file === unpacked;
    });
    expect(found).toBe(unpacked);
    expect(asked.some((file) => file.includes('app.asar/'))).toBe(false);
  });

  it('a checkout: the working folder, or a folder above this file; the machine’s own architecture', () => {
    const inCwd = `/src/taco/${tail}/x64/apply-seccomp`;
    expect(findSeccompHelper({ cwd: '/src/taco', here: '/elsewhere/out', arch: 'x64' }, (file) => file === inCwd)).toBe(inCwd);
    const above = `/src/taco/${tail}/arm64/apply-seccomp`;
    expect(findSeccompHelper({ cwd: '/', here: '/src/taco/electron/sandbox', arch: 'arm64' }, (file) => file === above)).toBe(above);
    expect(findSeccompHelper({ cwd: '/src/taco', here: '/src/taco', arch: 'arm64' }, (file) => file === inCwd)).toBeNull();
  });

  it('none for a machine it has no build for (ia32 hides the socket family from the filter), nor when missing', () => {
    expect(findSeccompHelper({ cwd: '/src/taco', here: '/src/taco', arch: 'ia32' }, () => true)).toBeNull();
    expect(findSeccompHelper({ cwd: '/src/taco', here: '/src/taco', arch: 'x64' }, () => false)).toBeNull();
  });

  it('this checkout has the real helper, and it is executable', () => {
    expect(findSeccompHelper()).toMatch(/vendor\/seccomp\/(x64|arm64)\/apply-seccomp$/);
  });
});
