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

/** "files: read_file, write_file; web: fetch_url" */
export function groupedToolNames(tools: readonly GroupedTool[]): string {
  return groupByCategory(tools)
    .map((group) => `${group.category}: ${group.tools.map((tool) => tool.info.toolId).join(', ')}`)
    .join('; ');
}
