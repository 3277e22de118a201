import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The app's data folders (settings.json with server headers, mcp.json with server env and the
 * command run at start, workflows/, conversations). File tools never reach them, whatever the
 * workspace: a workspace that contains the data folder (the home folder, say) would otherwise let
 * read_file (no approval) carry secrets to the model, and a write plant a command run at the next
 * start. The app services register their folder when they start and release it when disposed.
 */
const guarded = new Map<string, number>();

/** Guards `dataDir` (realpath'd; also as given, for a folder created later) until the returned release is called. */
export function guardDataFolder(dataDir: string): () => void {
  const names = [...new Set([path.resolve(dataDir), realpathOr(dataDir)])];
  for (const name of names) guarded.set(name, (guarded.get(name) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const name of names) {
      const count = (guarded.get(name) ?? 1) - 1;
      if (count <= 0) guarded.delete(name);
      else guarded.set(name, count);
    }
  };
}

/** The guarded data folder that `absolute` (a resolved path) is in or is, or null. */
export function dataFolderHolding(absolute: string): string | null {
  for (const folder of guarded.keys()) {
    const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
    if (absolute === folder || absolute.startsWith(prefix)) return folder;
  }
  return null;
}

/** Every guarded data folder (the OS sandbox hides them from commands and MCP servers: electron/sandbox/). */
export function guardedDataFolders(): string[] {
  return [...guarded.keys()];
}

/** The guarded data folders inside `folder` (a realpath'd workspace): Settings warns about them. */
export function dataFoldersInside(folder: string): string[] {
  const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
  return [...guarded.keys()].filter((guardedFolder) => guardedFolder === folder || guardedFolder.startsWith(prefix));
}

function realpathOr(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return path.resolve(dataDir);
  }
}
