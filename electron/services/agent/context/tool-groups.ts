import { DEFAULTS } from '../../../../shared/constants';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';

/** What grouping reads of a tool: its info (category, id). */
type GroupedTool = Pick<RegisteredTool, 'info'>;

export interface ToolGroup<T extends GroupedTool = RegisteredTool> {
  category: string;
  tools: T[];
}

/**
 * Tools grouped by category (seed agent-mode, Decision 5), for the prompt. The order is a
 * function of the set alone: categories alphabetically, tools by id within one, so the same
 * offered tools always give the same bytes (the prompt prefix stays cacheable).
 */
export function groupByCategory<T extends GroupedTool>(tools: readonly T[]): ToolGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const tool of tools) groups.set(tool.info.category, [...(groups.get(tool.info.category) ?? []), tool]);
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, members]) => ({ category, tools: members.sort((a, b) => a.info.toolId.localeCompare(b.info.toolId)) }));
}

/** The last few tool sets' names (the prompt is built two or more times a step, for the same few sets). */
const namesBySet = new Map<string, string>();

/** "files: read_file, write_file; web: fetch_url" */
export function groupedToolNames(tools: readonly GroupedTool[]): string {
  let key = '';
  for (const tool of tools) key += `${tool.info.category}\u0000${tool.info.toolId}\u0001`;
  const known = namesBySet.get(key);
  if (known !== undefined) return known;
  const names = groupByCategory(tools)
    .map((group) => `${group.category}: ${group.tools.map((tool) => tool.info.toolId).join(', ')}`)
    .join('; ');
  namesBySet.set(key, names);
  if (namesBySet.size > DEFAULTS.agentPerf.toolNameSetsRemembered) namesBySet.delete(namesBySet.keys().next().value as string);
  return names;
}
