import type { RegisteredTool, ToolRegistry } from './tool-runtime-types';

/** Tools that come from somewhere other than the catalogue folder (MCP servers); the list may change at any time. */
export interface ToolSource {
  tools(): readonly RegisteredTool[];
}

/**
 * The built-in registry followed by every source, read live: a source's tools appear and go as
 * it changes (an MCP server becomes ready, its tools/list changes). A built-in always wins a name;
 * sources name their tools so they cannot clash (MCP: `mcp__<server>__<tool>`).
 */
export function mergeToolSources(builtins: ToolRegistry, sources: readonly ToolSource[]): ToolRegistry {
  if (sources.length === 0) return builtins;
  const extra = (): RegisteredTool[] => {
    const seen = new Set<string>();
    const found: RegisteredTool[] = [];
    for (const source of sources) {
      for (const tool of source.tools()) {
        const id = tool.info.toolId;
        if (seen.has(id) || builtins.get(id)) continue;
        seen.add(id);
        found.push(tool);
      }
    }
    return found;
  };
  return {
    list: () => [...builtins.list(), ...extra()],
    get: (toolId) => builtins.get(toolId) ?? extra().find((tool) => tool.info.toolId === toolId),
  };
}
