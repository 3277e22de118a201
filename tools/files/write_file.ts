import { DEFAULTS } from '../../shared/constants';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { jsonOutput, optionalStringArg, stringArg, stringArrayArg } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolContext, type ToolRun } from '../catalogue/tool-runtime-types';
import type { JsonObject } from '../../shared/contract/json';
import { boundedDiff } from './bounded-diff';
import { openVerifiedForRead, openVerifiedForWrite, type OpenHooks } from './guards/open-verified';
import { readWorkspaceFile } from './read_file';
import { resolveWorkspacePath, type WorkspacePath } from './guards/workspace-path';

export const run: ToolRun = async (args, context) => {
  const content = stringArg(args, 'content');
  const versions = context.versions;
  const keep: BeforeWrite | undefined = versions
    ? (target, before) =>
        versions.keep({ tool: 'write_file', path: target.relative, before, after: Buffer.from(content, 'utf8'), ...documentFields(args) })
    : undefined;
  const { target, created } = await writeWorkspaceFile(
    context.workspace,
    stringArg(args, 'path'),
    content,
    keep ? { beforeWrite: keep } : {},
  );
  return jsonOutput({ path: target.relative, size_bytes: Buffer.byteLength(content, 'utf8'), created });
};

/** The optional description and tags the model gave the file (search_documents finds it by them). */
function documentFields(args: JsonObject): { description?: string; tags?: string[] } {
  const description = optionalStringArg(args, 'description')?.trim();
  const tags = stringArrayArg(args, 'tags', { required: false })
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return { ...(description ? { description } : {}), ...(tags.length > 0 ? { tags } : {}) };
}

/** Runs with the file's current content (null: no file) after the checks and before the file changes. */
export type BeforeWrite = (target: WorkspacePath, before: Buffer | { notKept: number } | null) => Promise<void>;

/**
 * Resolves a workspace path and writes `content` through a handle verified to be the checked
 * file (open-verified.ts): a symlink or folder swapped in between is refused before anything is
 * written, and so is a file with more than one hard link.
 */
export async function writeWorkspaceFile(
  workspace: string | null,
  requested: string,
  content: string | Buffer,
  hooks: OpenHooks & { beforeWrite?: BeforeWrite } = {},
): Promise<{ target: WorkspacePath; created: boolean }> {
  const target = await writableTarget(workspace, requested);
  if (hooks.beforeWrite) await hooks.beforeWrite(target, target.exists ? await currentContent(target) : null);
  let opened: Awaited<ReturnType<typeof openVerifiedForWrite>>;
  try {
    opened = await openVerifiedForWrite(target, hooks);
  } catch (error) {
    if (error instanceof ToolFailure) throw error;
    throw new ToolFailure(`"${target.relative}" could not be written (${error instanceof Error ? error.message : String(error)}).`);
  }
  try {
    await opened.handle.truncate(0);
    if (typeof content === 'string') await opened.handle.write(content, 0, 'utf8');
    else await opened.handle.write(content, 0, content.length, 0);
  } catch (error) {
    throw new ToolFailure(`"${target.relative}" could not be written (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    await opened.handle.close();
  }
  return { target, created: opened.created };
}

/**
 * The approval card's diff: the app's one bounded diff (bounded-diff.ts) of the current file
 * (none for a new file) against the proposed content. Null when the write cannot happen (the run
 * then reports why).
 */
export async function preview(args: JsonObject, context: ToolContext): Promise<string | null> {
  try {
    const content = stringArg(args, 'content');
    const target = await writableTarget(context.workspace, stringArg(args, 'path'));
    const before = target.exists ? (await readWorkspaceFile(context.workspace, stringArg(args, 'path'))).head : null;
    if (before !== null && (before.binary || before.truncated)) {
      return `${target.relative}: replaces an existing ${before.binary ? 'binary' : 'large'} file of ${before.size} bytes with ${Buffer.byteLength(content, 'utf8')} bytes of text (no diff shown).`;
    }
    return boundedDiff(target.relative, before === null ? null : before.text, content);
  } catch (error) {
    if (error instanceof ToolFailure) return null;
    throw error;
  }
}

/** The file's bytes before a write, read through a verified handle; only the size when it is too large to keep. */
async function currentContent(target: WorkspacePath): Promise<Buffer | { notKept: number }> {
  const { handle, info } = await openVerifiedForRead(target);
  try {
    if (info.size > DEFAULTS.documents.maxVersionFileBytes) return { notKept: info.size };
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function writableTarget(workspace: string | null, requested: string): Promise<WorkspacePath> {
  const target = await resolveWorkspacePath(workspace, requested);
  if (target.exists && (await stat(target.absolute)).isDirectory()) {
    throw new ToolFailure(
      `"${target.relative}" is a folder; give the path of a file inside it, such as "${path.join(target.relative, 'notes.md')}".`,
    );
  }
  if (target.relative === '.') throw new ToolFailure('The workspace folder itself cannot be written; give the path of a file inside it.');
  return target;
}
