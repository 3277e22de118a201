import { DEFAULTS } from '../../shared/constants';
import { stringArg, jsonOutput } from '../catalogue/args/tool-args';
import { ToolFailure, type ToolRun } from '../catalogue/tool-runtime-types';
import { openVerifiedForRead, type OpenHooks } from './guards/open-verified';
import { readHandleHead, type TextHead } from './read-text-head';
import { resolveWorkspacePath, type WorkspacePath } from './guards/workspace-path';

export const run: ToolRun = async (args, context) => {
  const { target, head } = await readWorkspaceFile(context.workspace, stringArg(args, 'path'));
  if (head.binary) throw new ToolFailure(`"${target.relative}" is a binary file (${head.size} bytes); read_file only reads text files.`);
  return jsonOutput({ path: target.relative, content: head.text, size_bytes: head.size, truncated: head.truncated });
};

/**
 * Resolves a workspace path and reads the head of the file it names, through a handle verified
 * to be that file (open-verified.ts): no symlink swap between the check and the read, no hard link.
 */
export async function readWorkspaceFile(
  workspace: string | null,
  requested: string,
  hooks: OpenHooks = {},
): Promise<{ target: WorkspacePath; head: TextHead }> {
  const target = await resolveWorkspacePath(workspace, requested, { mustExist: true });
  const { handle } = await openVerifiedForRead(target, hooks);
  try {
    return { target, head: await readHandleHead(handle, DEFAULTS.tools.readFileMaxBytes) };
  } finally {
    await handle.close();
  }
}
