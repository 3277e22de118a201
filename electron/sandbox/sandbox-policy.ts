import path from 'node:path';
import { DEFAULTS } from '../../shared/constants';

/**
 * What a sandboxed process may do: the one policy type every sandbox is generated from (bwrap's
 * argv on Linux, a Seatbelt profile on macOS) and that the approval card and Settings put in words.
 * Everything not listed as writable is read-only; hidden paths are not visible at all (they win
 * over writable ones: the data folder stays hidden inside a writable workspace). Every sandboxed
 * process gets a fresh, empty /tmp of its own, gone when it ends (macOS: its temporary folders).
 */
export interface SandboxPolicy {
  /** Absolute folders the process may write (the workspace, an MCP server's `write` list). */
  writable: readonly string[];
  /** Absolute files and folders it never sees: the secret places under HOME and TACO's data folders. */
  hidden: readonly string[];
  /** False: no network at all (not even loopback). */
  network: boolean;
}

/** Where a policy's hidden paths come from: HOME and the data folders TACO guards (data-folder-guard.ts). */
export interface PolicyPlaces {
  home: string;
  dataFolders: readonly string[];
}

/** The secret places under `home` (DEFAULTS.sandbox.hiddenHomePaths) and the data folders, absolute, without duplicates. */
export function hiddenPaths(places: PolicyPlaces): string[] {
  const underHome = DEFAULTS.sandbox.hiddenHomePaths.map((relative) => path.join(places.home, relative));
  return [...new Set([...underHome, ...places.dataFolders.map((folder) => path.resolve(folder))])];
}

/** run_command's policy: the workspace read-write, the rest read-only, secrets hidden, a private /tmp; network only when allowed for this command. */
export function commandPolicy(input: { workspace: string; network: boolean } & PolicyPlaces): SandboxPolicy {
  return { writable: [input.workspace], hidden: hiddenPaths(input), network: input.network };
}

/**
 * A command run without asking (DEFAULTS.sandbox.runScratchCommandsWithoutAsking): nothing
 * writable but its private /tmp, no network. Whatever it does is gone when it ends.
 */
export function scratchPolicy(places: PolicyPlaces): SandboxPolicy {
  return { writable: [], hidden: hiddenPaths(places), network: false };
}

/** A stdio MCP server's policy, from its `sandbox` entry in mcp.json (`~/` expanded against HOME). */
export function mcpServerPolicy(input: { write: readonly string[]; network: boolean } & PolicyPlaces): SandboxPolicy {
  const writable = input.write.map((entry) => expandHome(entry, input.home));
  return { writable, hidden: hiddenPaths(input), network: input.network };
}

/** `~` and `~/x` against `home`; anything else resolved to an absolute path. */
export function expandHome(entry: string, home: string): string {
  if (entry === '~') return home;
  if (entry.startsWith('~/')) return path.join(home, entry.slice(2));
  return path.resolve(entry);
}
