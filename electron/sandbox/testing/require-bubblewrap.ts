import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxSupport } from '../sandbox-support';

/**
 * The sandbox tests need a working bubblewrap: CI installs it (`.ci/run`). Without it they fail
 * with this message instead of passing on an unsandboxed run or being skipped.
 */
export function requireBubblewrap(): void {
  const support = sandboxSupport();
  if (support.kind !== 'bubblewrap') {
    throw new Error(
      `The sandbox tests need bubblewrap: ${support.kind === 'none' ? support.reason : `this is ${support.kind}`}. Install it (Debian/Ubuntu: apt-get install bubblewrap), as .ci/run does.`,
    );
  }
}

/**
 * A fresh folder OUTSIDE /tmp (in /var/tmp): a sandboxed process gets a private /tmp, so a test
 * folder under /tmp would be out of its reach whatever the policy says about it, and a test of the
 * policy would pass for the wrong reason. Returns the folder and its removal.
 */
export function folderOutsideTmp(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join('/var/tmp', prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The programs an escape or network test starts (ssh-agent, dbus-daemon, script, socat, curl…): missing ones fail the test, saying which package .ci/run installs. */
export function requirePrograms(programs: readonly string[]): void {
  const missing = programs.filter((program) => !(process.env['PATH'] ?? '').split(':').some((folder) => existsSync(join(folder, program))));
  if (missing.length > 0) {
    throw new Error(
      `The sandbox escape tests need ${missing.join(', ')}: install them as .ci/run does (openssh-client, dbus-daemon, dbus-bin, bsdutils, git, socat, curl).`,
    );
  }
}
