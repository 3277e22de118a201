import type { JsonObject } from '../../../../shared/contract/json';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { approvalScopeFor, type ApprovalScope } from '../../../../shared/approvals/approval-scope';
import { codeExecutionWarning } from '../../../../shared/approvals/code-execution-paths';
import { resolveWorkspacePath } from '../../../../tools/files/guards/workspace-path';

/** What an approval is about: what "Allow for this conversation" would cover, and the warning, if any. */
export interface ApprovalSubject {
  scope: ApprovalScope;
  warning: string | null;
}

/**
 * The scope and the warning of one call, decided on the file the call would really touch: a
 * built-in write's `path` is resolved in the workspace first (symbolic links followed, as the tool
 * itself will), so `hk/pre-commit` with `hk -> .git/hooks` warns and is scoped as
 * `.git/hooks/pre-commit`. An MCP tool changed since the user reviewed it warns too. A path the tool will refuse keeps the model's words (the call fails anyway).
 */
export async function approvalSubject(tool: RegisteredTool, args: JsonObject, workspace: string | null): Promise<ApprovalSubject> {
  const resolvedPath = await resolvedWritePath(tool, args, workspace);
  return {
    scope: approvalScopeFor(tool.info, args, resolvedPath),
    // A tool changed since it was reviewed (tool-pinning.ts) asks every time, like a write that runs code.
    warning: tool.reviewWarning ?? codeExecutionWarning(tool.info, args, resolvedPath),
  };
}

async function resolvedWritePath(tool: RegisteredTool, args: JsonObject, workspace: string | null): Promise<string | undefined> {
  const requested = args['path'];
  if (tool.info.risk !== 'write' || tool.info.source !== undefined || typeof requested !== 'string') return undefined;
  try {
    const target = await resolveWorkspacePath(workspace, requested);
    return target.relative.split(/[\\/]/u).join('/');
  } catch {
    return undefined;
  }
}
