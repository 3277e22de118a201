import { ToolFailure } from '../catalogue/tool-runtime-types';
import { resolveWorkspacePath } from '../files/guards/workspace-path';

/**
 * Documents handed between agents are workspace files: each must exist inside the workspace.
 * Returns them relative to the workspace folder, without duplicates.
 */
export async function checkDocuments(workspace: string | null, documents: string[]): Promise<string[]> {
  const checked: string[] = [];
  for (const document of documents) {
    if (document.trim() === '') continue;
    const target = await resolveWorkspacePath(workspace, document, { mustExist: true }).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolFailure(`The document "${document}" cannot be passed on: ${reason}`);
    });
    if (!checked.includes(target.relative)) checked.push(target.relative);
  }
  return checked;
}
