import { ToolCatalogueError } from './tool-catalogue-error';
import type { RegisteredTool, ToolRegistry } from './tool-runtime-types';

/** A registry over tools already built (tests, and the loader's result). Order is kept. */
export function createToolRegistry(tools: RegisteredTool[]): ToolRegistry {
  const byId = new Map<string, RegisteredTool>();
  for (const tool of tools) {
    if (byId.has(tool.info.toolId)) {
      throw new ToolCatalogueError([
        { file: '(registry)', field: 'tool_id', message: `"${tool.info.toolId}" is registered twice; tool ids must be unique` },
      ]);
    }
    byId.set(tool.info.toolId, tool);
  }
  const list = [...byId.values()];
  return {
    list: () => [...list],
    get: (toolId) => byId.get(toolId),
  };
}
