import { DEFAULTS } from '../../shared/constants';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JsonObject } from '../../shared/contract/json';
import { jsonOutput, optionalStringArg, stringArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { readHandleHead, type TextHead } from './read-text-head';
import { resolveWorkspacePath } from './guards/workspace-path';
import { dataFolderHolding } from './guards/data-folder-guard';
import { createFileMatcher } from './search-matcher';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);
const LINE_TEXT_MAX = 200;

export const run: ToolRun = async (args, context) => {
  const pattern = stringArg(args, 'pattern');
  if (pattern.trim() === '') throw new ToolFailure('The pattern is empty. Give a word to look for, or a file-name pattern such as "*.md".');
  const base = await resolveWorkspacePath(context.workspace, optionalStringArg(args, 'path') ?? '.', { mustExist: true });
  if (!(await stat(base.absolute)).isDirectory())
    throw new ToolFailure(`"${base.relative}" is a file, not a folder. Use read_file to read it.`);

  const matcher = createFileMatcher(pattern);
  const results: JsonObject[] = [];
  const limit = DEFAULTS.tools.searchMaxResults;
  let filesSeen = 0;
  let truncated = false;
  const pending = [base.absolute];

  while (pending.length > 0 && !truncated) {
    if (context.signal.aborted) throw new ToolFailure('The search was stopped.');
    const folder = pending.shift() ?? base.absolute;
    const dirents = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const dirent of dirents.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, dirent.name);
      const relative = path.relative(base.root, full);
      if (dirent.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(dirent.name) && dataFolderHolding(full) === null) pending.push(full);
        continue;
      }
      if (!dirent.isFile()) continue;
      if (++filesSeen > DEFAULTS.tools.searchMaxFiles) {
        truncated = true;
        break;
      }
      if (matcher.matchesName(dirent.name)) results.push({ path: relative, match: 'name' });
      if (matcher.searchesContent) {
        for (const hit of await contentHits(full, matcher.matchesLine)) {
          results.push({ path: relative, match: 'content', line: hit.line, text: hit.text });
          if (results.length > limit) break;
        }
      }
      if (results.length > limit) {
        truncated = true;
        break;
      }
    }
  }
  return jsonOutput({ pattern, results: results.slice(0, limit), truncated });
};

async function contentHits(file: string, matches: (line: string) => boolean): Promise<Array<{ line: number; text: string }>> {
  const head = await readSingleLinkHead(file).catch(() => null);
  if (head === null || head.binary) return [];
  const hits: Array<{ line: number; text: string }> = [];
  head.text.split('\n').forEach((text, index) => {
    if (hits.length <= DEFAULTS.tools.searchMaxResults && matches(text))
      hits.push({ line: index + 1, text: text.trim().slice(0, LINE_TEXT_MAX) });
  });
  return hits;
}

/**
 * The head of a file for content search, or null for a file with more than one hard link (its
 * other names may be outside the workspace: read_file refuses those too) or a symlink swapped in.
 */
async function readSingleLinkHead(file: string): Promise<TextHead | null> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.nlink > 1) return null;
    return await readHandleHead(handle, DEFAULTS.tools.searchMaxFileBytes);
  } finally {
    await handle.close();
  }
}
