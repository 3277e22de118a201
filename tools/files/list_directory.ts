import { DEFAULTS } from '../../shared/constants';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JsonObject } from '../../shared/contract/json';
import { jsonOutput, optionalStringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { resolveWorkspacePath } from './guards/workspace-path';

type EntryType = 'folder' | 'file' | 'symlink' | 'other';

export const run: ToolRun = async (args, context) => {
  const target = await resolveWorkspacePath(context.workspace, optionalStringArg(args, 'path') ?? '.', { mustExist: true });
  if (!(await stat(target.absolute)).isDirectory()) {
    throw new ToolFailure(`"${target.relative}" is a file, not a folder. Use read_file to read it.`);
  }
  const dirents = await readdir(target.absolute, { withFileTypes: true });
  const sorted = dirents
    .map((dirent) => ({ name: dirent.name, type: entryType(dirent) }))
    .sort((a, b) => Number(b.type === 'folder') - Number(a.type === 'folder') || a.name.localeCompare(b.name));
  const shown = sorted.slice(0, DEFAULTS.tools.listDirectoryMaxEntries);
  const entries: JsonObject[] = [];
  for (const entry of shown) {
    const size = entry.type === 'file' ? await sizeOf(path.join(target.absolute, entry.name)) : null;
    entries.push({ name: entry.name, type: entry.type, ...(size === null ? {} : { size_bytes: size }) });
  }
  return jsonOutput({ path: target.relative, entries, total: sorted.length, truncated: sorted.length > shown.length });
};

function entryType(dirent: { isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean }): EntryType {
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'folder';
  if (dirent.isFile()) return 'file';
  return 'other';
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await lstat(file)).size;
  } catch {
    return null;
  }
}
