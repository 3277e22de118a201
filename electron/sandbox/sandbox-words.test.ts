import { describe, expect, it } from 'vitest';
import { createCommandSandbox } from './command-sandbox';
import { mcpSandboxNotice, mcpServerLaunch } from './mcp-server-sandbox';
import type { SandboxSupport } from './sandbox-support';

const places = { home: '/home/ana', dataFolders: ['/home/ana/.config/taco'] };
const bwrap: SandboxSupport = {
  kind: 'bubblewrap',
  program: '/usr/bin/bwrap',
  seccompHelper: '/app/apply-seccomp',
  socat: '/usr/bin/socat',
};
const noSocat: SandboxSupport = { ...bwrap, socat: null };
const seatbelt: SandboxSupport = { kind: 'seatbelt', program: '/usr/bin/sandbox-exec' };
const none: SandboxSupport = { kind: 'none', reason: 'Windows has no sandbox TACO can use' };

describe('the sandbox in words, and never silently without one', () => {
  it('a command card says what it may do, or that it runs with full rights and why', async () => {
    const sandboxed = createCommandSandbox(bwrap, () => places);
    expect(sandboxed.describe({ workspace: '/home/ana/p', hosts: [], scratch: false })).toEqual({
      sandboxed: true,
      text: "Can change only your workspace · no network · sees your workspace, the system's programs; nothing else of your home folder, no keys, no sockets of other programs (ssh-agent, D-Bus, Docker) · still free to use CPU, memory and disk, and to change or delete what it can change — including files your own tools may run later (git, build scripts)",
    });
    // Exactly the approved hosts, and what the command can do with them.
    expect(sandboxed.describe({ workspace: '/home/ana/p', hosts: ['example.com', 'pypi.org'], scratch: false }).text).toMatch(
      /^Can change only your workspace · network: only example\.com, pypi\.org, through TACO's proxy · .* and to send what it can read to the hosts it may reach$/,
    );
    // Without socat the sandbox has no way to the proxy: no network, and the card says why.
    expect(
      createCommandSandbox(noSocat, () => places).describe({ workspace: '/home/ana/p', hosts: ['pypi.org'], scratch: false }).text,
    ).toMatch(
      /^Can change only your workspace · no network \(socat is not installed, .*\) · .*what it can change — including files your own tools may run later \(git, build scripts\)$/,
    );
    // macOS has no proxy: a network allowed at all is the whole network, and the card says so.
    expect(
      createCommandSandbox(seatbelt, () => places).describe({ workspace: '/home/ana/p', hosts: ['pypi.org'], scratch: false }).text,
    ).toMatch(
      /· may use the whole network, including this computer's own network services \(on macOS it is not limited to the named hosts\) ·/,
    );
    expect(sandboxed.describe({ workspace: '/home/ana/p', hosts: [], scratch: true }).text).toMatch(
      /^Can change nothing outside its own \/tmp · no network · sees your workspace \(read-only\), the system's programs; nothing else of your home folder.* disk$/,
    );
    // macOS keeps the rest of the files readable, and says so.
    expect(createCommandSandbox(seatbelt, () => places).describe({ workspace: '/home/ana/p', hosts: [], scratch: false }).text).toMatch(
      /· can read your other files, but not your keys/,
    );
    // What no mount stops is said wherever something is writable, on each system, and never where nothing is.
    for (const system of [bwrap, seatbelt]) {
      const card = createCommandSandbox(system, () => places);
      expect(card.describe({ workspace: '/home/ana/p', hosts: [], scratch: false }).text).toMatch(
        /and to change or delete what it can change — including files your own tools may run later \(git, build scripts\)$/,
      );
      expect(card.describe({ workspace: '/home/ana/p', hosts: [], scratch: true }).text).toMatch(/still free to use CPU, memory and disk$/);
    }
    // Without socat a command asking for no network is simply offline: socat is not mentioned.
    const offline = createCommandSandbox(noSocat, () => places).describe({ workspace: '/home/ana/p', hosts: [], scratch: false }).text;
    expect(offline).toContain(' · no network · ');
    expect(offline).not.toContain('socat');
    const unsandboxed = createCommandSandbox(none, () => places);
    expect(unsandboxed.available).toBe(false);
    expect(unsandboxed.describe({ workspace: '/home/ana/p', hosts: [], scratch: false })).toEqual({
      sandboxed: false,
      text: 'Runs with your full rights — no sandbox on this system (Windows has no sandbox TACO can use).',
    });
    expect(await unsandboxed.invocation('ls', { workspace: '/home/ana/p', hosts: [], scratch: false })).toEqual({
      sandboxed: false,
      reason: 'Windows has no sandbox TACO can use',
    });
  });

  it('an MCP server set to run sandboxed is refused where there is no sandbox, with how to run it on purpose', async () => {
    const config = { command: 'node', sandbox: { write: ['~/notes'], network: false } };
    const launch = await mcpServerLaunch('files', config, { file: '/usr/bin/node', args: ['s.js'], cwd: '/' }, none, places);
    expect(launch).toEqual({
      type: 'refused',
      message: expect.stringMatching(
        /^Server "files" is set to run in the sandbox, but this system has none .*turn its sandbox off in Settings → MCP servers/,
      ),
    });
    expect(await mcpServerLaunch('files', { command: 'node' }, { file: '/usr/bin/node', args: [], cwd: '/' }, none, places)).toEqual({
      type: 'plain',
    });
    const started = await mcpServerLaunch('files', config, { file: '/usr/bin/node', args: ['s.js'], cwd: '/' }, bwrap, places);
    expect(started).toMatchObject({
      type: 'sandboxed',
      file: '/usr/bin/bwrap',
      notice: { text: expect.stringMatching(/^Can change only ~\/notes · no network/) },
    });
    expect(started.type === 'sandboxed' && started.args.slice(-4)).toEqual(['--', '/app/apply-seccomp', '/usr/bin/node', 's.js']);
  });

  it('names each folder a server may change (~ for HOME, ~/… under it, others as they are), and says macOS is sandboxed too', () => {
    const config = { command: 'node', sandbox: { write: ['~', '~/notes', '/srv/data'], network: false } };
    expect(mcpSandboxNotice(config, bwrap, places)?.text).toMatch(/^Can change only ~, ~\/notes, \/srv\/data · no network/);
    expect(mcpSandboxNotice(config, seatbelt, places)).toEqual({
      sandboxed: true,
      text: expect.stringMatching(/^Can change only ~, ~\/notes, \/srv\/data · no network · can read your other files/),
    });
  });

  it('Settings → MCP: words for a sandboxed server, an unsandboxed one and an HTTP one', () => {
    expect(mcpSandboxNotice({ command: 'node' }, bwrap, places)).toEqual({
      sandboxed: false,
      text: 'Not sandboxed: this server runs with your full rights.',
    });
    expect(mcpSandboxNotice({ command: 'node', sandbox: { write: [], network: true } }, bwrap, places)?.text).toMatch(
      /^Can change nothing outside its own \/tmp · network: any public host through TACO's proxy, but not this computer's own services or your local network ·/,
    );
    expect(mcpSandboxNotice({ command: 'node', sandbox: { write: [], network: true } }, none, places)?.text).toMatch(/it will not start/);
    expect(mcpSandboxNotice({ url: 'https://example.com/mcp' }, bwrap, places)).toBeNull();
  });

  it('Settings → MCP: a host list is named host by host in the proxy’s spelling; an empty one is no network; a wrong one says it will not start', () => {
    const hosts = { command: 'node', sandbox: { write: [], network: ['PyPI.org', 'files.pythonhosted.org.'] } };
    expect(mcpSandboxNotice(hosts, bwrap, places)?.text).toContain("network: only files.pythonhosted.org, pypi.org, through TACO's proxy");
    expect(mcpSandboxNotice({ command: 'node', sandbox: { write: [], network: [] } }, bwrap, places)?.text).toContain(' · no network · ');
    expect(mcpSandboxNotice({ command: 'node', sandbox: { write: [], network: ['*'] } }, bwrap, places)).toEqual({
      sandboxed: false,
      text: expect.stringMatching(/^Its sandbox's network list is wrong, so it will not start: "\*" is not a host/),
    });
  });
});
