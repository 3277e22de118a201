import { createHash } from 'node:crypto';
import { stableJson } from '../../../../shared/contract/json';

/** Where a server runs, as its config or its view says: a URL, or a command with its args and folder. */
export interface ServerWhere {
  url?: string | null;
  command?: string | null;
  args?: readonly string[] | null;
  cwd?: string | null;
}

/**
 * One string for where a server is: its URL, or its command line and working folder. A server
 * that moves (another URL, another program) is another server, whatever its name.
 */
export function serverLocation(where: ServerWhere): string {
  if (where.url) return stableJson({ url: where.url });
  return stableJson({ command: where.command ?? '', args: [...(where.args ?? [])], cwd: where.cwd ?? '' });
}

/**
 * What "Always allow this tool" binds to: the tool's reviewed definition (tool-pinning.ts) at this
 * server's location, so a grant made for one server does not follow its name to another URL or command.
 */
export function grantHash(location: string, definition: string): string {
  return createHash('sha256').update(stableJson({ location, definition })).digest('hex');
}
