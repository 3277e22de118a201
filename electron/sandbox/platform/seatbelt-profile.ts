import type { SandboxPolicy } from '../sandbox-policy';

/**
 * The macOS Seatbelt profile (`sandbox-exec -p PROFILE -- program …`) for a policy. It starts
 * from `(allow default)` and takes away what the policy does not give — every write, every read
 * of a hidden path, the network — so ordinary programs (which need mach lookups, sysctls, signals
 * that a `(deny default)` profile would have to list one by one) keep working. In Seatbelt the
 * last matching rule wins, so the order is: deny all writes, allow the writable folders (and the
 * temporary folders), then deny the hidden paths (reads and writes), then the network.
 * macOS has no private /tmp: writes to /private/tmp and the per-user temporary folders
 * (/private/var/folders) are allowed instead, which other programs share.
 */
export function seatbeltProfile(policy: SandboxPolicy): string {
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  // Writing to the standard streams' devices (a program's `> /dev/null`) is not writing a file.
  lines.push(
    '(allow file-write-data (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper") (regex #"^/dev/tty") (regex #"^/dev/fd/"))',
  );
  const writable = [...policy.writable, '/private/tmp', '/private/var/folders'];
  lines.push(`(allow file-write* ${writable.map(subpath).join(' ')})`);
  if (policy.hidden.length > 0) lines.push(`(deny file-read* file-write* ${policy.hidden.map(subpath).join(' ')})`);
  if (policy.network.type === 'none') lines.push('(deny network*)');
  return `${lines.join('\n')}\n`;
}

/** A `(subpath "…")` filter: the path and everything under it, quoted for the profile's string syntax. */
function subpath(path: string): string {
  return `(subpath ${quote(path)})`;
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
