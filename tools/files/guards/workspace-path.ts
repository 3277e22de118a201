import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ToolFailure } from '../../catalogue/tool-runtime-types';
import { dataFolderHolding } from './data-folder-guard';

export const NO_WORKSPACE_MESSAGE = 'No workspace folder is set. Pick one in Settings (or pass --workspace on the command line).';

export interface WorkspacePath {
  /** The workspace folder, realpath'd. */
  root: string;
  /** The resolved target, realpath'd as far as it exists; always inside `root`. */
  absolute: string;
  /** `absolute` relative to the root ("." for the root itself), for messages and results. */
  relative: string;
  exists: boolean;
}

/** The workspace folder, realpath'd; a clear ToolFailure when none is set or it is gone. */
export async function workspaceRoot(workspace: string | null): Promise<string> {
  if (workspace === null || workspace.trim() === '') throw new ToolFailure(NO_WORKSPACE_MESSAGE);
  try {
    return await realpath(workspace);
  } catch {
    throw new ToolFailure(
      `The workspace folder ${workspace} cannot be opened (it may have been moved or deleted). Pick it again in Settings (or pass --workspace on the command line).`,
    );
  }
}

/** True when `candidate` is `root` or below it (separator boundary: /ws-evil is not inside /ws). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

/**
 * Resolves a path the model gave against the workspace: realpath for what exists (for a path
 * that does not exist yet, the deepest existing ancestor), then a separator-boundary check.
 * `..`, absolute paths outside, prefix siblings, `~`, null bytes and symbolic links that leave the
 * folder (or dangle) are refused before anything is read or written, and so is anything in the
 * app's data folder (data-folder-guard.ts), even when the workspace contains it.
 */
export async function resolveWorkspacePath(
  workspace: string | null,
  requested: string,
  options: { mustExist?: boolean } = {},
): Promise<WorkspacePath> {
  const root = await workspaceRoot(workspace);
  const wanted = requested.trim();
  if (wanted === '')
    throw new ToolFailure(
      'The path is empty. Give a path relative to the workspace folder, such as "notes/todo.md" (or "." for the folder itself).',
    );
  if (wanted.includes('\0'))
    throw new ToolFailure(
      `The path ${JSON.stringify(requested)} contains a null character, which no file name can hold. Give a plain path relative to the workspace folder.`,
    );
  if (wanted === '~' || wanted.startsWith('~/') || wanted.startsWith('~\\')) {
    throw new ToolFailure(
      `"${wanted}" points into the home folder, which file tools cannot reach. Give a path relative to the workspace folder (${root}).`,
    );
  }

  const target = path.resolve(root, wanted);
  if (!isInside(root, target)) throw outside(wanted, root, false);

  const { real, tail } = await realpathOfDeepestExisting(target, wanted);
  await refuseDanglingLinks(real, tail, wanted);
  const absolute = tail.length === 0 ? real : path.join(real, ...tail);
  if (!isInside(root, absolute)) throw outside(wanted, root, true);
  if (dataFolderHolding(absolute) !== null) throw inDataFolder(wanted);

  const exists = tail.length === 0;
  if (options.mustExist === true && !exists) {
    throw new ToolFailure(`"${wanted}" does not exist in the workspace folder. Use list_directory or search_files to find the right path.`);
  }
  return { root, absolute, relative: path.relative(root, absolute) || '.', exists };
}

async function realpathOfDeepestExisting(target: string, wanted: string): Promise<{ real: string; tail: string[] }> {
  const tail: string[] = [];
  let existing = target;
  for (;;) {
    try {
      return { real: await realpath(existing), tail };
    } catch (error) {
      const code = errorCode(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw unreadable(wanted, code);
      const parent = path.dirname(existing);
      if (parent === existing) throw unreadable(wanted, code);
      tail.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** A part of the path that lstat sees but realpath cannot follow is a link to nowhere (or a loop). */
async function refuseDanglingLinks(real: string, tail: string[], wanted: string): Promise<void> {
  let current = real;
  for (const part of tail) {
    current = path.join(current, part);
    try {
      await lstat(current);
    } catch {
      return;
    }
    throw new ToolFailure(
      `"${wanted}" goes through a symbolic link whose target does not exist (or cannot be followed), so it was refused. Use a path to a real file inside the workspace folder.`,
    );
  }
}

function inDataFolder(wanted: string): ToolFailure {
  return new ToolFailure(
    `"${wanted}" is in TACO's own data folder (settings, MCP servers, workflows, conversations), which file tools never read or write. Use a path to the user's files instead.`,
  );
}

function outside(wanted: string, root: string, throughLink: boolean): ToolFailure {
  const how = throughLink ? ' through a symbolic link' : '';
  return new ToolFailure(
    `"${wanted}" leads outside the workspace folder${how}, so it was refused. File tools only reach files inside ${root}; use a path relative to it, such as "notes/todo.md".`,
  );
}

function unreadable(wanted: string, code: string | undefined): ToolFailure {
  const reason =
    code === 'ELOOP'
      ? 'it goes round a loop of symbolic links'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission was denied'
        : `the file system said ${code ?? 'no'}`;
  return new ToolFailure(`"${wanted}" cannot be resolved: ${reason}. Use another path inside the workspace folder.`);
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : undefined;
}
