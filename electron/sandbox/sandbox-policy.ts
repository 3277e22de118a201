import path from 'node:path';
import { DEFAULTS } from '../../shared/constants';
import type { McpSandboxNetwork } from '../../shared/mcp/mcp';
import { NO_NETWORK, parseAllowedHosts, type NetworkAccess } from './network/host-allow-list';

/**
 * What a sandboxed process may do: the one policy type every sandbox is generated from (bwrap's
 * argv on Linux, a Seatbelt profile on macOS) and that the approval card and Settings put in words.
 * On Linux only what is listed is there at all: the system folders read-only, `readable` read-only,
 * `writable` read-write, a fresh empty HOME and /tmp; nothing else of the user's files. Hidden paths
 * win over both (the data folder stays hidden inside a writable workspace). macOS keeps the
 * deny-list form (everything readable but the hidden paths; seatbelt-profile.ts).
 */
export interface SandboxPolicy {
  /** Absolute folders the process may write (the workspace, an MCP server's `write` list). */
  writable: readonly string[];
  /** Absolute folders it may read (a scratch command's workspace, a server's working folder, the user's tool folders on PATH). */
  readable: readonly string[];
  /** Absolute files and folders it never sees: the secret places under HOME and TACO's data folders. */
  hidden: readonly string[];
  /**
   * What network it has: none at all (only a loopback of its own), or only the hosts TACO's proxy
   * lets through (network/domain-proxy.ts; Linux), never this machine's own services unless named.
   */
  network: NetworkAccess;
  /** The user's home folder: an empty folder of its own inside the sandbox. */
  home: string;
}

/** Where a policy's paths come from: HOME, the data folders TACO guards (data-folder-guard.ts) and PATH. */
export interface PolicyPlaces {
  home: string;
  dataFolders: readonly string[];
  /** The PATH a command inherits (its folders under HOME are bound read-only: see toolFolders); absent: none. */
  searchPath?: string | undefined;
}

/**
 * The secret places under `home` (DEFAULTS.sandbox.hiddenHomePaths), those inside each tool folder
 * (DEFAULTS.sandbox.hiddenInToolFolders) and the data folders, absolute, without duplicates.
 */
export function hiddenPaths(places: PolicyPlaces): string[] {
  const underHome = DEFAULTS.sandbox.hiddenHomePaths.map((relative) => path.join(places.home, relative));
  const inToolFolders = toolFolders(places).flatMap((folder) =>
    DEFAULTS.sandbox.hiddenInToolFolders.map((relative) => path.join(folder, relative)),
  );
  return [...new Set([...underHome, ...inToolFolders, ...places.dataFolders.map((folder) => path.resolve(folder))])];
}

/**
 * The folders under HOME that PATH names, so a tool installed there (nvm's node, ~/.cargo/bin)
 * still runs: a `…/bin` folder brings its prefix (`~/.nvm/versions/node/v20`, whose lib the bin
 * links into), except when the prefix is HOME itself or ~/.local, which bring only the bin folder.
 * The hidden paths still apply inside them (~/.cargo/credentials.toml stays hidden).
 */
export function toolFolders(places: PolicyPlaces): string[] {
  const home = path.resolve(places.home);
  const out = new Set<string>();
  for (const entry of (places.searchPath ?? '').split(':')) {
    if (!path.isAbsolute(entry)) continue;
    const folder = path.resolve(entry);
    if (!folder.startsWith(`${home}/`)) continue;
    const prefix = path.dirname(folder);
    const wholePrefix = path.basename(folder) === 'bin' && prefix !== home && prefix !== path.join(home, '.local');
    out.add(wholePrefix ? prefix : folder);
  }
  return [...out];
}

function base(places: PolicyPlaces): Pick<SandboxPolicy, 'hidden' | 'home'> {
  return { hidden: hiddenPaths(places), home: places.home };
}

/** run_command's policy: the workspace read-write, the system read-only, secrets hidden, a fresh HOME and /tmp; network only to the hosts approved for this command. */
export function commandPolicy(input: { workspace: string; network: NetworkAccess } & PolicyPlaces): SandboxPolicy {
  return { ...base(input), writable: [input.workspace], readable: toolFolders(input), network: input.network };
}

/**
 * A command run without asking (DEFAULTS.sandbox.runScratchCommandsWithoutAsking): the workspace
 * read-only, nothing writable but its private /tmp and HOME, no network. Whatever it does is gone when it ends.
 */
export function scratchPolicy(input: { workspace: string } & PolicyPlaces): SandboxPolicy {
  return { ...base(input), writable: [], readable: [input.workspace, ...toolFolders(input)], network: NO_NETWORK };
}

/**
 * A stdio MCP server's policy, from its `sandbox` entry in mcp.json (`~/` expanded against HOME); it
 * reads its working folder. Its network is `mcpServerNetwork`'s answer.
 */
export function mcpServerPolicy(input: { write: readonly string[]; network: NetworkAccess; cwd: string } & PolicyPlaces): SandboxPolicy {
  const writable = input.write.map((entry) => expandHome(entry, input.home));
  return { ...base(input), writable, readable: [...workingFolder(input.cwd, input.home), ...toolFolders(input)], network: input.network };
}

/**
 * What a server's `sandbox.network` lets it reach: the hosts listed (checked and spelled as the
 * proxy matches them, parseAllowedHosts), none for `false` or `[]`, and for `true` (written before
 * host lists existed) any public host through the proxy, never this machine's own services or the
 * local network. A list with an entry that is not a host is refused with the reason.
 */
export function mcpServerNetwork(network: McpSandboxNetwork): { ok: true; access: NetworkAccess } | { ok: false; message: string } {
  if (network === true) return { ok: true, access: { type: 'public' } };
  if (network === false || network.length === 0) return { ok: true, access: NO_NETWORK };
  const parsed = parseAllowedHosts(network);
  return parsed.ok ? { ok: true, access: { type: 'hosts', hosts: parsed.hosts } } : parsed;
}

/** A working folder is bound read-only unless it is `/` or holds HOME (then the process works in an empty folder). */
function workingFolder(cwd: string, home: string): string[] {
  const folder = path.resolve(cwd);
  const holdsHome = folder === '/' || path.resolve(home) === folder || path.resolve(home).startsWith(`${folder}/`);
  return holdsHome ? [] : [folder];
}

/** `~` and `~/x` against `home`; anything else resolved to an absolute path. */
export function expandHome(entry: string, home: string): string {
  if (entry === '~') return home;
  if (entry.startsWith('~/')) return path.join(home, entry.slice(2));
  return path.resolve(entry);
}
