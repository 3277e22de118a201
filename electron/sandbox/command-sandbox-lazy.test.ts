import { describe, expect, it, vi } from 'vitest';

const probed = vi.hoisted(() => ({ count: 0 }));
vi.mock('./sandbox-support', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./sandbox-support')>();
  return {
    ...actual,
    sandboxSupport: () => {
      probed.count += 1;
      return { kind: 'bubblewrap', program: '/usr/bin/bwrap', seccompHelper: '/app/apply-seccomp', socat: null } as const;
    },
  };
});

const { createCommandSandbox } = await import('./command-sandbox');

describe("run_command's sandbox probes the system at its first question, not when the services are made", () => {
  it('making it runs no probe (a start does not wait for bwrap); asking it does, and the answer is the probe’s', async () => {
    const sandbox = createCommandSandbox(undefined, () => ({ home: '/home/ana', dataFolders: [] }));
    expect(probed.count).toBe(0);
    expect(sandbox.available).toBe(true);
    expect(probed.count).toBe(1);
    expect(sandbox.describe({ workspace: '/home/ana/p', hosts: [], scratch: false }).sandboxed).toBe(true);
    expect((await sandbox.invocation('ls', { workspace: '/home/ana/p', hosts: [], scratch: false })).sandboxed).toBe(true);
  });
});
