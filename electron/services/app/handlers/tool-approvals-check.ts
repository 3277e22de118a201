import type { Settings, SettingsPatch } from '../../../../shared/settings/settings';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';

/**
 * Words for a patch whose `toolApprovals` names a tool the catalogue does not have, or null when
 * every id is known. Removing (null) an override that is stored stays possible after its tool
 * left the catalogue, so stale entries can be cleared.
 */
export function unknownToolApprovalError(patch: SettingsPatch, tools: ToolRegistry, stored: Settings['toolApprovals']): string | null {
  const entries = Object.entries(patch.toolApprovals ?? {});
  const unknown = entries
    .filter(([toolId, policy]) => !tools.get(toolId) && !(policy === null && Object.hasOwn(stored, toolId)))
    .map(([toolId]) => toolId);
  if (unknown.length === 0) return null;
  const named = unknown.map((toolId) => `"${toolId}"`).join(', ');
  return `settings.set: invalid request: "toolApprovals" names ${unknown.length === 1 ? 'a tool' : 'tools'} the catalogue does not have: ${named}. Nothing was saved; use a tool id from the Tools catalogue (for example read_file).`;
}
