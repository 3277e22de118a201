import type { JsonObject } from '../json';
import type { Risk } from '../settings';
import { normalizeToolPath } from './approval-scope';

/**
 * Files that make programs run when the user does something ordinary: git commands (.git/config,
 * .git/hooks), opening the folder in an editor (.vscode, .idea), entering it with direnv (.envrc),
 * npm install or npm test (package.json scripts, .npmrc), commits (.husky, pre-commit) and CI.
 * Matched on any folder level and case-insensitively (macOS and Windows file systems are).
 */
const FOLDERS = ['.git', '.vscode', '.idea', '.husky', '.devcontainer'];
const FILES = ['.envrc', 'package.json', '.npmrc', '.yarnrc', '.yarnrc.yml', '.pre-commit-config.yaml', '.gitmodules', '.gitattributes'];
const NESTED = [['.github', 'workflows']];

/** The warning shown (and printed by the CLI) when a write targets such a file; null otherwise. */
export function codeExecutionWarning(tool: { risk: Risk }, args: JsonObject): string | null {
  if (tool.risk !== 'write') return null;
  const path = args['path'];
  if (typeof path !== 'string') return null;
  const segments = normalizeToolPath(path).toLowerCase().split('/');
  const name = segments[segments.length - 1] ?? '';
  const folders = segments.slice(0, -1);
  const hit =
    FILES.includes(name) ||
    folders.some((folder) => FOLDERS.includes(folder)) ||
    NESTED.some(([first, second]) => folders.some((folder, index) => folder === first && folders[index + 1] === second));
  if (!hit) return null;
  return `Writing ${path} can make programs run later (git hooks and config, editor tasks, direnv, npm scripts). Allow it only if you expected this exact change; it is asked every time.`;
}
