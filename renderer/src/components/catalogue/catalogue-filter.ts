import type { ToolInfo } from '../../../../shared/tools/tool-info';

/** Tools matching every word of the query (in id, name, description, category), grouped by category, sorted. */
export function groupTools(tools: readonly ToolInfo[], query: string): [category: string, tools: ToolInfo[]][] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = tools.filter((tool) => {
    const haystack = `${tool.toolId} ${tool.toolId.replace(/_/g, ' ')} ${tool.description} ${tool.category}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const groups = new Map<string, ToolInfo[]>();
  for (const tool of matching) groups.set(tool.category, [...(groups.get(tool.category) ?? []), tool]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => [category, list.sort((a, b) => a.toolId.localeCompare(b.toolId))]);
}
