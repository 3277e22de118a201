import { execFile } from 'node:child_process';
import { DEFAULTS } from '../../../shared/constants';
import type { CommandSandbox } from '../../../tools/catalogue/tool-runtime-types';

/** Clones `url` into `into` (an empty folder); resolves a refusal's reason, or null once cloned. */
export type SkillCloner = (url: string, into: string, signal?: AbortSignal) => Promise<string | null>;

/** Only https addresses: no local paths, ssh, file:// or git's `ext::` transports. */
export function gitUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url.slice(0, 80)}" is not a web address.`;
  }
  if (parsed.protocol !== 'https:') return 'Only https:// git addresses can be installed from.';
  if (parsed.username || parsed.password) return 'The git address must not carry a user name or password.';
  return null;
}

/**
 * The shell line that clones one commit of `url` into the sandbox's workspace: no tags, no hooks
 * (an empty template), links written as plain files, other transports and credential prompts off.
 */
export function gitCloneLine(url: string): string {
  const quoted = `'${url.replace(/'/g, `'\\''`)}'`;
  return [
    'GIT_TERMINAL_PROMPT=0 GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null',
    'git -c core.symlinks=false -c protocol.allow=never -c protocol.https.allow=always -c credential.helper=',
    'clone --depth 1 --no-tags --single-branch --template=',
    `-- ${quoted} skill`,
  ].join(' ');
}

/**
 * git clone inside run_command's OS sandbox (electron/sandbox/): the staging folder is the only
 * writable place, the network reaches only the repository's host for the clone. Where this system has no sandbox the clone is
 * refused, not run bare.
 */
export function sandboxedCloner(sandbox: CommandSandbox): SkillCloner {
  return async (url, into, signal) => {
    const problem = gitUrlProblem(url);
    if (problem) return problem;
    if (!sandbox.available)
      return 'This system has no sandbox to run git clone in, so skills cannot be installed from a git address here. Download the skill as a zip instead.';
    // The network reaches only the repository's host, through the sandbox's proxy.
    const invocation = await sandbox.invocation(gitCloneLine(url), { workspace: into, hosts: [new URL(url).host], scratch: false });
    if (!invocation.sandboxed)
      return `git clone cannot run in the sandbox here (${invocation.reason}). Download the skill as a zip instead.`;
    const cloned = new Promise<string | null>((resolvePromise) => {
      execFile(
        invocation.file,
        invocation.args,
        { cwd: into, timeout: DEFAULTS.skills.gitCloneTimeoutMs, maxBuffer: 1024 * 1024, ...(signal ? { signal } : {}) },
        (error, _stdout, stderr) => {
          if (!error) return resolvePromise(null);
          const said = String(stderr).trim().split('\n').filter(Boolean).slice(-2).join(' ');
          resolvePromise(`git clone failed: ${said || error.message}`);
        },
      );
    });
    try {
      return await cloned;
    } finally {
      await invocation.close();
    }
  };
}
