import { NO_SANDBOX_WORDS, type SandboxNotice } from '../../shared/approvals/sandbox-notice';
import type { SandboxPolicy } from './sandbox-policy';
import type { SandboxSupport } from './sandbox-support';

/** What a process with this policy may do, for the approval card and Settings → MCP ("Can write only in the workspace · no network"). */
export function describeSandbox(
  support: SandboxSupport,
  policy: SandboxPolicy,
  names: { workspace?: string; home: string },
): SandboxNotice {
  if (support.kind === 'none') return { sandboxed: false, text: `${NO_SANDBOX_WORDS} (${support.reason}).` };
  const writes =
    policy.writable.length === 0
      ? 'Can write nothing outside its private /tmp'
      : `Can write only in ${policy.writable.map((folder) => (folder === names.workspace ? 'the workspace' : shortPath(folder, names.home))).join(', ')}`;
  const network = policy.network ? 'may use the network' : 'no network';
  return { sandboxed: true, text: `${writes} · ${network} · cannot see your keys, credentials, browser profiles or TACO's data` };
}

function shortPath(folder: string, home: string): string {
  return folder === home ? '~' : folder.startsWith(`${home}/`) ? `~/${folder.slice(home.length + 1)}` : folder;
}
