import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../../test-support/cleanups';
import { DEFAULTS } from '../../shared/constants';
import type { PolicyPlaces } from './sandbox-policy';
import { runSandboxed } from './testing/sandbox-run';
import { folderOutsideTmp, requireBubblewrap } from './testing/require-bubblewrap';

/**
 * The credential files the hidden lists must cover where a bound folder holds them, tried in real
 * bubblewrap: with HOME itself as the workspace (the whole guard is then the list), and inside a
 * tool folder on PATH that is bound whole (nvm's prefix holds npm's global configuration).
 */
const { defer } = cleanupAfterAll();
let home = '';
let workspace = '';
let places: PolicyPlaces;

const UNDER_HOME = [
  '.gem/credentials',
  '.m2/settings.xml',
  '.gradle/gradle.properties',
  '.yarnrc.yml',
  '.config/pip/pip.conf',
  '.my.cnf',
  '.s3cfg',
  '.oci/config',
  '.config/configstore/firebase-tools.json',
  '.config/helm/repositories.yaml',
  '.terraformrc',
  '.Xauthority',
  '.pki/nssdb/key4.db',
  '.huggingface/token',
  '.cache/huggingface/token',
  '.config/github-copilot/apps.json',
  '.claude.json',
  '.claude/.credentials.json',
  '.codex/auth.json',
  '.cursor/mcp.json',
  '.config/Claude/claude_desktop_config.json',
  '.config/Slack/Cookies',
];
const NODE_PREFIX = '.nvm/versions/node/v20.0.0';

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

beforeAll(() => {
  requireBubblewrap();
  const madeHome = folderOutsideTmp('taco-cred-home-');
  const madeWorkspace = folderOutsideTmp('taco-cred-ws-');
  defer(madeHome.remove);
  defer(madeWorkspace.remove);
  home = madeHome.path;
  workspace = madeWorkspace.path;
  for (const secret of [...UNDER_HOME, `${NODE_PREFIX}/etc/npmrc`]) {
    mkdirSync(dirname(join(home, secret)), { recursive: true });
    writeFileSync(join(home, secret), `secret-of-${secret}`);
  }
  mkdirSync(join(home, NODE_PREFIX, 'bin'), { recursive: true });
  writeFileSync(join(home, NODE_PREFIX, 'bin', 'tool-marker'), 'the tool folder is there');
  places = { home, dataFolders: [join(home, '.taco-data')], searchPath: `${join(home, NODE_PREFIX, 'bin')}:${process.env['PATH'] ?? ''}` };
});

describe('credential files inside a bound folder stay hidden', () => {
  it('each is listed (so the macOS profile hides it too)', () => {
    for (const secret of UNDER_HOME)
      expect(
        DEFAULTS.sandbox.hiddenHomePaths.some((hidden) => secret === hidden || secret.startsWith(`${hidden}/`)),
        secret,
      ).toBe(true);
  });

  it('with HOME itself as the workspace, none is readable; another file there is', async () => {
    writeFileSync(join(home, 'notes.txt'), 'plain-notes');
    const cats = UNDER_HOME.map((secret) => `cat ${quoted(join(home, secret))} 2>/dev/null`).join('; ');
    const inside = await runSandboxed(`${cats}; cat notes.txt`, { places, workspace: home });
    expect(inside.stdout).toBe('plain-notes');
  });

  it("npm's global configuration inside a tool folder on PATH is hidden, while the tool folder itself is there", async () => {
    const prefix = join(home, NODE_PREFIX);
    const inside = await runSandboxed(
      `cat ${quoted(join(prefix, 'bin', 'tool-marker'))}; echo; cat ${quoted(join(prefix, 'etc', 'npmrc'))}`,
      {
        places,
        workspace,
      },
    );
    expect(inside.stdout).toContain('the tool folder is there');
    expect(inside.stdout).not.toContain('secret-of-');
  });
});
