import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxedInvocation } from './sandboxed-invocation';
import { folderOutsideTmp } from './testing/require-bubblewrap';

describe('sandboxedInvocation on macOS: links among the paths', () => {
  it('hides where a linked secret folder really is, and lets a linked writable folder be written where it really is', () => {
    const root = folderOutsideTmp('taco-sbx-links-');
    try {
      mkdirSync(join(root.path, 'dotfiles-ssh'));
      mkdirSync(join(root.path, 'real-work'));
      symlinkSync(join(root.path, 'dotfiles-ssh'), join(root.path, '.ssh'));
      symlinkSync(join(root.path, 'real-work'), join(root.path, 'work'));
      const policy = {
        writable: [join(root.path, 'work')],
        readable: [],
        hidden: [join(root.path, '.ssh')],
        network: false,
        home: root.path,
      };
      const invocation = sandboxedInvocation({ kind: 'seatbelt', program: '/usr/bin/sandbox-exec' }, policy, '/bin/ls', [], root.path);
      const profile = invocation.args[1] ?? '';
      const denied = profile.split('\n').find((line) => line.startsWith('(deny file-read*')) ?? '';
      expect(denied).toContain(`(subpath "${join(root.path, '.ssh')}")`);
      expect(denied).toContain(`(subpath "${join(root.path, 'dotfiles-ssh')}")`);
      const allowed = profile.split('\n').find((line) => line.startsWith('(allow file-write* (subpath')) ?? '';
      expect(allowed).toContain(`(subpath "${join(root.path, 'real-work')}")`);
    } finally {
      root.remove();
    }
  });
});
