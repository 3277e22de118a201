import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childStdio, inheritableDescriptors } from './child-descriptors';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A /proc/self/fdinfo stand-in: each descriptor with its octal flags line. */
function fdinfo(flags: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'taco-fdinfo-'));
  made.push(folder);
  for (const [fd, value] of Object.entries(flags)) writeFileSync(join(folder, fd), `pos:\t0\nflags:\t${value}\nmnt_id:\t25\n`);
  return folder;
}

describe('inheritableDescriptors', () => {
  it('lists the descriptors above 2 without close-on-exec, in order', () => {
    const folder = fdinfo({ '0': '02', '1': '01', '2': '01', '3': '02000002', '7': '02', '12': '0100002', '100': '02004002', '251': '01' });
    expect(inheritableDescriptors(folder)).toEqual([7, 12, 251]);
  });

  it('skips names that are no descriptor and entries without a flags line', () => {
    const folder = fdinfo({ '9': '02' });
    writeFileSync(join(folder, 'x'), 'flags:\t02\n');
    writeFileSync(join(folder, '10'), 'pos:\t0\n');
    expect(inheritableDescriptors(folder)).toEqual([9]);
  });

  it('knows none where there is no fdinfo (macOS, Windows)', () => {
    expect(inheritableDescriptors(join(tmpdir(), 'taco-no-such-fdinfo'))).toEqual([]);
  });

  it("finds this process's own descriptors close-on-exec (Node's own), so a descriptor opened here is not listed", async () => {
    const { openSync, closeSync } = await import('node:fs');
    const fd = openSync('/dev/null', 'r');
    try {
      expect(inheritableDescriptors()).not.toContain(fd);
    } finally {
      closeSync(fd);
    }
  });
});

describe('childStdio', () => {
  it('is the three given when nothing would be inherited', () => {
    const { stdio, release } = childStdio(['ignore', 'pipe', 'pipe'], []);
    expect(stdio).toEqual(['ignore', 'pipe', 'pipe']);
    release();
  });

  it('puts one /dev/null descriptor at each inherited number and leaves the others alone', async () => {
    const { fstatSync, statSync } = await import('node:fs');
    const { stdio, release } = childStdio(['pipe', 'pipe', 'pipe'], [4, 6]);
    expect(stdio.slice(0, 3)).toEqual(['pipe', 'pipe', 'pipe']);
    expect(stdio).toHaveLength(7);
    expect(stdio[3]).toBe('ignore');
    expect(stdio[5]).toBe('ignore');
    expect(typeof stdio[4]).toBe('number');
    expect(stdio[6]).toBe(stdio[4]);
    expect(fstatSync(stdio[4] as number).rdev).toBe(statSync('/dev/null').rdev);
    release();
    expect(() => fstatSync(stdio[4] as number)).toThrow(/EBADF/);
  });
});
