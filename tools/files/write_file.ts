import { DEFAULTS } from '../../shared/constants';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { jsonOutput, stringArg } from '../catalogue/tool-args';
import { ToolFailure, type ToolContext, type ToolRun } from '../catalogue/tool-runtime-types';
import type { JsonObject } from '../../shared/json';
import { readTextHead } from './read-text-head';
import { resolveWorkspacePath, type WorkspacePath } from './workspace-path';

export const run: ToolRun = async (args, context) => {
  const content = stringArg(args, 'content');
  const target = await writableTarget(args, context);
  try {
    await mkdir(path.dirname(target.absolute), { recursive: true });
    await writeFile(target.absolute, content, 'utf8');
  } catch (error) {
    throw new ToolFailure(`"${target.relative}" could not be written (${error instanceof Error ? error.message : String(error)}).`);
  }
  return jsonOutput({ path: target.relative, size_bytes: Buffer.byteLength(content, 'utf8'), created: !target.exists });
};

/**
 * The approval card's diff: a unified diff of the current file (empty for a new file) against
 * the proposed content. Null when the write cannot happen (the run then reports why).
 */
export async function preview(args: JsonObject, context: ToolContext): Promise<string | null> {
  try {
    const content = stringArg(args, 'content');
    const target = await writableTarget(args, context);
    const before = target.exists ? await readTextHead(target.absolute, DEFAULTS.tools.readFileMaxBytes) : null;
    if (before !== null && (before.binary || before.truncated)) {
      return `${target.relative}: replaces an existing ${before.binary ? 'binary' : 'large'} file of ${before.size} bytes with ${Buffer.byteLength(content, 'utf8')} bytes of text (no diff shown).`;
    }
    const raw = createTwoFilesPatch(before === null ? '/dev/null' : target.relative, target.relative, before?.text ?? '', content);
    // The library opens with an "=====" separator line meant for multi-file patches; a card shows one file.
    const patch = raw.replace(/^={3,}\n/, '');
    const limit = DEFAULTS.tools.writePreviewMaxChars;
    return patch.length > limit ? `${patch.slice(0, limit)}\n… diff cut at ${limit} characters …` : patch;
  } catch (error) {
    if (error instanceof ToolFailure) return null;
    throw error;
  }
}

async function writableTarget(args: JsonObject, context: ToolContext): Promise<WorkspacePath> {
  const target = await resolveWorkspacePath(context.workspace, stringArg(args, 'path'));
  if (target.exists && (await stat(target.absolute)).isDirectory()) {
    throw new ToolFailure(
      `"${target.relative}" is a folder; give the path of a file inside it, such as "${path.join(target.relative, 'notes.md')}".`,
    );
  }
  if (target.relative === '.') throw new ToolFailure('The workspace folder itself cannot be written; give the path of a file inside it.');
  return target;
}
