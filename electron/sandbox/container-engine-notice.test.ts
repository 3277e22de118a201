import { describe, expect, it } from 'vitest';
import { mcpSandboxNotice, runsThroughContainerEngine } from './mcp-server-sandbox';
import type { SandboxSupport } from './sandbox-support';

const places = { home: '/home/ana', dataFolders: ['/home/ana/.config/taco'] };
const bwrap: SandboxSupport = { kind: 'bubblewrap', program: '/usr/bin/bwrap', seccompHelper: '/opt/taco/apply-seccomp', socat: null };

describe('what Settings says about a server Docker runs', () => {
  it('never that TACO sandboxes it, with or without a sandbox entry', () => {
    for (const config of [
      { command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/acme/mcp:1.0.0'] },
      { command: 'docker', sandbox: { write: [], network: true } },
      { command: '/usr/bin/podman', sandbox: { write: [], network: false } },
    ]) {
      const notice = mcpSandboxNotice(config, bwrap, places);
      expect(notice?.sandboxed).toBe(false);
      expect(notice?.text).toContain("Not sandboxed by TACO: Docker's daemon starts the container outside TACO's sandbox");
      expect(notice?.text).not.toMatch(/private \/tmp|Can write/);
    }
  });

  it('knows docker and podman by their program name, on any system', () => {
    for (const command of ['docker', 'podman', '/usr/local/bin/docker', 'C:\\Program Files\\Docker\\docker.exe', 'DOCKER.EXE'])
      expect(runsThroughContainerEngine(command)).toBe(true);
    for (const command of ['node', 'dockerize', 'my-docker', '/opt/docker/bin/npx', 'docker-compose', 'podman-remote'])
      expect(runsThroughContainerEngine(command)).toBe(false);
  });
});
