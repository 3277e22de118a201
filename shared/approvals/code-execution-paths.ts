import type { JsonObject } from '../contract/json';
import type { Risk } from '../settings/settings';
import { normalizeToolPath } from './approval-scope';

/**
 * Files that make programs run when the user does something ordinary: git commands (.git/config,
 * .git/hooks), opening the folder in an editor (.vscode, .idea), entering it with direnv (.envrc),
 * npm install or npm test (package.json scripts, .npmrc), commits (.husky, pre-commit) and CI.
 * Matched on any folder level and case-insensitively (macOS and Windows file systems are). A
 * file named like one of the folders counts too: a `.git` file saying `gitdir: <folder>` makes git
 * run that folder's hooks and config, which no other rule here would have warned about.
 */
const FOLDERS = ['.git', '.vscode', '.idea', '.husky', '.devcontainer'];
const FILES = ['.envrc', 'package.json', '.npmrc', '.yarnrc', '.yarnrc.yml', '.pre-commit-config.yaml', '.gitmodules', '.gitattributes'];
/** CI workflows: `.github/workflows/…` at any level. */
const WORKFLOWS = ['.github', 'workflows'];

/** Code points file systems ignore in names (HFS+ drops them: `.g\u200cit` is `.git`), and soft hyphens. */
const IGNORABLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu;
/** A Windows 8.3 short name (`GIT~1`): it can stand for any long name, `.git` included. */
const SHORT_NAME = /^[^.~]{1,6}~\d+(\.[^.]{0,3})?$/u;

/** One path segment as the file system compares it: case-folded, ignorable code points dropped, Windows' trailing dots and spaces cut. */
function comparable(segment: string): string {
  return segment
    .normalize('NFC')
    .replace(IGNORABLE, '')
    .toLowerCase()
    .replace(/[. ]+$/u, '');
}

/**
 * The warning shown (and printed by the CLI) when a write targets such a file; null otherwise.
 * Both the path the model wrote and `resolvedPath` (main's resolution of it, symbolic links
 * followed, relative to the workspace) are checked: `hk/pre-commit` with `hk -> .git/hooks` warns.
 */
export function codeExecutionWarning(tool: { risk: Risk }, args: JsonObject, resolvedPath?: string): string | null {
  if (tool.risk !== 'write') return null;
  const path = args['path'];
  if (typeof path !== 'string') return null;
  const hit = [path, resolvedPath].some((candidate) => candidate !== undefined && runsCode(candidate));
  if (!hit) return null;
  return `Writing ${path} can make programs run later (git hooks and config, editor tasks, direnv, npm scripts). Allow it only if you expected this exact change; it is asked every time.`;
}

function runsCode(path: string): boolean {
  const raw = normalizeToolPath(path).split('/');
  const segments = raw.map(comparable);
  const name = segments[segments.length - 1] ?? '';
  const folders = segments.slice(0, -1);
  return (
    FILES.includes(name) ||
    raw.some((segment) => SHORT_NAME.test(segment)) ||
    segments.some((segment) => FOLDERS.includes(segment)) ||
    folders.some((folder, index) => folder === WORKFLOWS[0] && folders[index + 1] === WORKFLOWS[1])
  );
}
