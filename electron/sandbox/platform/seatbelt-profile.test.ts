import { describe, expect, it } from 'vitest';
import { commandPolicy, mcpServerPolicy, scratchPolicy } from '../sandbox-policy';
import { NO_NETWORK } from '../network/host-allow-list';
import { seatbeltProfile } from './seatbelt-profile';

/**
 * The macOS profile cannot run here (sandbox-exec is macOS only), so its generated text is the
 * test, from the same policies bwrap gets. What each rule does (Seatbelt: the last matching rule wins):
 * - `(version 1)`: the profile language.
 * - `(allow default)`: everything not denied below (mach lookups, sysctls, signals, exec) stays
 *   allowed, so ordinary programs start; the policy is expressed by what is taken away.
 * - `(deny file-write*)`: no writes anywhere…
 * - `(allow file-write-data …/dev/null …)`: …except to the null/zero devices, terminals and file
 *   descriptors (a command's `> /dev/null`, `2>&1` through /dev/fd).
 * - `(allow file-write* (subpath WORKSPACE) …)`: …and in the writable folders, plus /private/tmp and
 *   /private/var/folders (macOS's temporary folders; there is no private /tmp on macOS).
 * - `(deny file-read* file-write* (subpath SECRET) …)`: the hidden paths can be neither read nor
 *   written, after the allows so that a data folder inside the workspace stays hidden.
 * - `(deny network*)`: no network, loopback and Unix sockets included, unless the policy allows it.
 */
const places = { home: '/Users/ana', dataFolders: ['/Users/ana/Library/Application Support/TACO'] };

describe('seatbeltProfile', () => {
  it('run_command without network', () => {
    expect(seatbeltProfile(commandPolicy({ ...places, workspace: '/Users/ana/project', network: NO_NETWORK }))).toMatchSnapshot();
  });

  it('run_command with network: the same, without the network rule', () => {
    const offline = seatbeltProfile(commandPolicy({ ...places, workspace: '/Users/ana/project', network: NO_NETWORK }));
    const online = seatbeltProfile(
      commandPolicy({ ...places, workspace: '/Users/ana/project', network: { type: 'hosts', hosts: ['pypi.org'] } }),
    );
    expect(offline.replace('(deny network*)\n', '')).toBe(online);
  });

  it('a scratch command: nothing writable but the temporary folders', () => {
    expect(seatbeltProfile(scratchPolicy({ ...places, workspace: '/Users/ana/project' }))).toMatchSnapshot();
  });

  it('an MCP server with a write list; a quote in a path cannot end the string', () => {
    const profile = seatbeltProfile(
      mcpServerPolicy({ ...places, write: ['~/notes', '/Volumes/x"(allow default)'], network: { type: 'public' }, cwd: '/' }),
    );
    expect(profile).toContain('(subpath "/Users/ana/notes")');
    expect(profile).toContain('(subpath "/Volumes/x\\"(allow default)")');
    expect(profile).not.toContain('(deny network*)');
  });

  it('a backslash in a path is escaped too, so it cannot escape the closing quote', () => {
    const profile = seatbeltProfile(mcpServerPolicy({ ...places, write: ['/Volumes/x\\'], network: NO_NETWORK, cwd: '/' }));
    expect(profile).toContain('(subpath "/Volumes/x\\\\")');
  });

  it('a policy with nothing hidden denies no reads (an empty deny rule would match every file)', () => {
    const profile = seatbeltProfile({ writable: ['/w'], readable: [], hidden: [], network: { type: 'public' }, home: '/Users/ana' });
    expect(profile).not.toContain('file-read*');
    expect(profile).toContain('(allow file-write* (subpath "/w") (subpath "/private/tmp") (subpath "/private/var/folders"))');
  });
});
