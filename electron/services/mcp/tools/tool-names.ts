import { createHash } from 'node:crypto';
import { DEFAULTS } from '../../../../shared/constants';

/** The prefix every MCP tool name carries, so it can never be mistaken for a built-in (built-in ids have no "__"). */
export const MCP_TOOL_PREFIX = 'mcp__';

/**
 * The names a server's tools are offered to the model under: `mcp__<server>__<tool>`. Characters
 * outside [A-Za-z0-9_-] become "_"; a name that had to change, or that would pass
 * DEFAULTS.mcp.maxToolNameChars, is cut and ends with a short hash of the original, so two tools
 * never share a name. Server names are already restricted (MCP_SERVER_NAME_PATTERN: no "__", no
 * trailing "_"), so the prefix is unique per server; within one server a last pass makes any
 * remaining clash (a tool literally named like another's hashed form) unique too.
 * Returns original tool name → qualified name.
 */
export function qualifyToolNames(server: string, tools: readonly string[]): Map<string, string> {
  const prefix = `${MCP_TOOL_PREFIX}${server}__`;
  const room = DEFAULTS.mcp.maxToolNameChars - prefix.length;
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const tool of [...new Set(tools)].sort(byPlainFirst)) {
    let qualified = prefix + toolPart(tool, room);
    for (let attempt = 2; taken.has(qualified); attempt += 1) qualified = prefix + hashed(`${tool}#${attempt}`, tool, room);
    taken.add(qualified);
    names.set(tool, qualified);
  }
  return names;
}

/** Names that need no change are placed first, so they keep their plain form whatever else the server lists. */
function byPlainFirst(a: string, b: string): number {
  const plainA = isPlain(a) ? 0 : 1;
  const plainB = isPlain(b) ? 0 : 1;
  return plainA - plainB || (a < b ? -1 : a > b ? 1 : 0);
}

function isPlain(tool: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(tool);
}

function toolPart(tool: string, room: number): string {
  if (isPlain(tool) && tool.length <= room) return tool;
  return hashed(tool, tool, room);
}

function hashed(seed: string, tool: string, room: number): string {
  const hash = createHash('sha256').update(seed).digest('hex').slice(0, 8);
  const clean = tool.replace(/[^A-Za-z0-9_-]/g, '_');
  const keep = Math.max(0, room - hash.length - 1);
  return `${clean.slice(0, keep)}_${hash}`;
}
