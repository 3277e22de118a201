import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { ContractError } from '../../../../shared/contract/contract-error';
import { DEFAULTS } from '../../../../shared/constants';

/**
 * Where things live inside the data folder:
 *   settings.json
 *   index.json                        conversation index (derived; rebuilt from the timelines)
 *   conversations/<id>.jsonl          one append-only timeline per conversation
 *   conversations/<id>.corrupt-<time>.jsonl   files that could not be read, moved aside
 *   conversations/<id>.jsonl.v<N>.bak          a timeline as it was before its migration from format N
 *   search-index.json                 words of every conversation (derived; rebuilt when stale)
 *   memory.jsonl                      notes saved by save_memory
 *   projects.json                     the projects (electron/services/projects/project-store.ts)
 *   <file>.v<N>.bak                   any file as it was before its migration from format N
 */
export const conversationsDir = (dataDir: string): string => join(dataDir, 'conversations');
export const conversationFile = (dataDir: string, conversationId: string): string =>
  join(conversationsDir(dataDir), `${assertSafeId(conversationId)}.jsonl`);
export const indexFile = (dataDir: string): string => join(dataDir, 'index.json');
export const settingsFile = (dataDir: string): string => join(dataDir, 'settings.json');
export const searchIndexFile = (dataDir: string): string => join(dataDir, 'search-index.json');
export const memoryFile = (dataDir: string): string => join(dataDir, 'memory.jsonl');
/** Where a file is copied before it is migrated from format `version`. */
export const backupPath = (path: string, version: number): string => `${path}.v${version}.bak`;

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Ids become file names: letters, digits, '-' and '_' only (no separators, no dots, no "..").  */
export function isSafeId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_ID.test(value);
}

export function assertSafeId(value: unknown): string {
  if (isSafeId(value)) return value;
  throw new ContractError(
    'invalid-payload',
    `“${String(value).slice(0, 80)}” is not a valid conversation id. Pick the conversation from the list again.`,
  );
}

/** The timeline file name's id, or null for anything else in the folder (moved-aside files, temp files). */
export function idFromTimelineName(name: string): string | null {
  if (!name.endsWith('.jsonl')) return null;
  const id = name.slice(0, -'.jsonl'.length);
  return isSafeId(id) ? id : null;
}

/** `x/<id>.jsonl` → `x/<id>.corrupt-2024-05-01T10-11-12-345Z.jsonl`. */
export function corruptPath(path: string, at: number): string {
  const extension = extname(path);
  const stem = basename(path, extension);
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  return join(dirname(path), `${stem}.corrupt-${stamp}${extension}`);
}

/** Creates the folder (and its parents) readable by the user alone; an existing folder keeps its mode. */
export async function ensureDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: DEFAULTS.store.folderMode });
}

/**
 * Where Electron keeps userData for an app named TACO, so the CLI and the app share data:
 * Linux `$XDG_CONFIG_HOME/TACO` or `~/.config/TACO`, macOS `~/Library/Application Support/TACO`,
 * Windows `%APPDATA%/TACO`.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'TACO');
    case 'win32':
      return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'TACO');
    default:
      return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'TACO');
  }
}
