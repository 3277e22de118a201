import type { JsonObject } from '../contract/json';
import type { Risk } from '../settings/settings';
import type { ToolSource } from '../tools/tool-info';
import { stableJson } from '../contract/json';

/** What "Allow for this conversation" allows: later calls with the same key run without asking. */
export interface ApprovalScope {
  /** Remembered in the conversation's set; the tool id is part of it. */
  key: string;
  /** Shown on the button: "Allow `npm test` for this conversation". */
  label: string;
}

/**
 * The argument each risk is scoped by, and the arguments a built-in tool of that risk may vary
 * freely under one allowance (a write's content: the path is what the user allowed). Any other
 * argument would slip through an allowance the user never saw, so its presence means "exact".
 */
const SCOPE_ARGUMENT: Record<Exclude<Risk, 'read'>, { name: string; free: readonly string[] }> = {
  // `network` (the hosts) is read by the shell scope itself below: a command allowed offline, or for some hosts, is not allowed for others.
  // `write_workspace` only decides whether a call may skip asking (the scratch sandbox); an approved command always may write the workspace.
  shell: { name: 'command', free: ['network', 'write_workspace'] },
  network: { name: 'url', free: [] },
  write: { name: 'path', free: ['content'] },
};

/**
 * The scope of an approval, from the tool's risk (catalogue config) and the call's arguments:
 * a shell command is allowed as that exact command, a network tool for that origin, a write for
 * that path (normalised), a read-only tool for every call. A risky call is scoped to its exact
 * arguments when it lacks the argument its risk is scoped by, when it has any other argument than
 * those (a browser tool's `url` plus `launchOptions`), and always when the tool is not built in
 * (an MCP tool's arguments mean what its server says, so no single one of them can stand for all).
 * `resolvedPath` is the write's target as main resolved it (symbolic links followed, relative to
 * the workspace); the scope is that file, not the words the model wrote.
 */
export function approvalScopeFor(
  tool: { toolId: string; risk: Risk; source?: ToolSource },
  args: JsonObject,
  resolvedPath?: string,
): ApprovalScope {
  const exact = (): ApprovalScope => {
    const text = stableJson(args);
    return { key: `${tool.toolId}\u0000args:${text}`, label: `${tool.toolId}(${text})` };
  };
  if (tool.risk !== 'read') {
    const declared = SCOPE_ARGUMENT[tool.risk];
    const others = Object.keys(args).filter((name) => name !== declared.name && !declared.free.includes(name));
    if (tool.source !== undefined || others.length > 0) return exact();
  }
  switch (tool.risk) {
    case 'read':
      return { key: tool.toolId, label: `every ${tool.toolId} call` };
    case 'shell': {
      const command = args['command'];
      const network = args['network'];
      if (typeof command !== 'string') return exact();
      if (network === undefined || (Array.isArray(network) && network.length === 0))
        return { key: `${tool.toolId}\u0000command:${command}`, label: `\`${command}\`` };
      if (!Array.isArray(network) || !network.every((host): host is string => typeof host === 'string')) return exact();
      // The hosts are part of the approval: `npm test` allowed offline, or for registry.npmjs.org, allows no other host.
      const hosts = [...new Set(network)].sort();
      return {
        key: `${tool.toolId}\u0000command:${command}\u0000network:${JSON.stringify(hosts)}`,
        label: `\`${command}\` with network to ${hosts.join(', ')}`,
      };
    }
    case 'network': {
      const origin = originOf(args['url']);
      if (origin === null) return exact();
      return { key: `${tool.toolId}\u0000origin:${origin}`, label: origin };
    }
    case 'write': {
      const path = resolvedPath ?? args['path'];
      if (typeof path !== 'string') return exact();
      const normal = normalizeToolPath(path);
      return { key: `${tool.toolId}\u0000path:${normal}`, label: normal };
    }
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = tool.risk;
      return unreachable;
    }
  }
}

/** A workspace-relative path as written by a model, normalised: forward slashes, no "." or empty segments, ".." folded. */
export function normalizeToolPath(path: string): string {
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  const joined = out.join('/');
  return path.startsWith('/') ? `/${joined}` : joined || '.';
}

function originOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    // The URL parser drops leading and trailing spaces and control characters itself.
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
