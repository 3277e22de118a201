import { buildRegisteredTool } from './build-registered-tool';
import { ToolCatalogueError, type CatalogueProblem } from './tool-catalogue-error';
import { checkImplementation } from './tool-implementation';
import { createToolRegistry } from './tool-registry-memory';
import type { RegisteredTool, ToolRegistry } from './tool-runtime-types';
import { validateToolConfig } from './config/validate-tool-config';

/** Everything found in a catalogue folder, already read (works with a bundler's glob import too). */
export interface CatalogueSources {
  /** "<category>/<tool_id>.json" (relative to the catalogue folder) → the parsed JSON. */
  configs: Record<string, unknown>;
  /** "<category>/<tool_id>.ts" → the loaded module. */
  modules: Record<string, unknown>;
  /** Folder name shown in problems; default "tools" (so problems read "tools/files/x.json"). */
  displayRoot?: string;
  /** Problems met while reading (unparsable JSON, a module that failed to load). */
  problems?: CatalogueProblem[];
}

/**
 * Pairs every config with its implementation, validates both, and builds the registry. Any
 * problem anywhere (bad config, config without implementation, implementation without config,
 * duplicate tool_id) throws one ToolCatalogueError listing them all.
 */
export function registryFromSources(sources: CatalogueSources): ToolRegistry {
  const displayRoot = sources.displayRoot ?? 'tools';
  const shown = (relative: string) => `${displayRoot}/${relative}`;
  const problems: CatalogueProblem[] = [...(sources.problems ?? [])];
  const modules = new Map(Object.entries(sources.modules).map(([file, module]) => [stem(file), { file, module }]));
  const tools: Array<{ tool: RegisteredTool; file: string }> = [];

  for (const [file, raw] of Object.entries(sources.configs).sort(([a], [b]) => a.localeCompare(b))) {
    const key = stem(file);
    const [category, toolId] = key.split('/');
    if (category === undefined || toolId === undefined) {
      problems.push({ file: shown(file), field: null, message: 'configs must sit in a category folder: tools/<category>/<tool_id>.json' });
      continue;
    }
    const validation = validateToolConfig(raw, { file: shown(file), toolId, category });
    const implementation = modules.get(key);
    modules.delete(key);
    if (!validation.ok) {
      problems.push(...validation.problems);
      continue;
    }
    if (implementation === undefined) {
      problems.push({ file: shown(file), field: null, message: `has no implementation: add ${shown(`${key}.ts`)} exporting \`run\`` });
      continue;
    }
    const check = checkImplementation(implementation.module);
    if (!check.ok) {
      problems.push({ file: shown(implementation.file), field: check.field, message: check.message });
      continue;
    }
    const duplicate = tools.find((entry) => entry.tool.info.toolId === validation.config.tool_id);
    if (duplicate !== undefined) {
      problems.push({
        file: shown(file),
        field: 'tool_id',
        message: `"${validation.config.tool_id}" is already defined by ${duplicate.file}; tool ids must be unique`,
      });
      continue;
    }
    tools.push({ tool: buildRegisteredTool(validation.config, check.implementation), file: shown(file) });
  }

  for (const [key, { file }] of modules) {
    problems.push({
      file: shown(file),
      field: null,
      message: `has no config: add ${shown(`${key}.json`)} (a helper module needs a hyphen in its name, e.g. "${key.split('/').pop() ?? key}-helpers.ts")`,
    });
  }

  if (problems.length > 0) throw new ToolCatalogueError(problems);
  return createToolRegistry(
    tools
      .map((entry) => entry.tool)
      .sort((a, b) => a.info.category.localeCompare(b.info.category) || a.info.toolId.localeCompare(b.info.toolId)),
  );
}

function stem(file: string): string {
  return file
    .replace(/\\/g, '/')
    .replace(/^\.\//, '')
    .replace(/\.(json|ts|js|mts|mjs)$/, '');
}
