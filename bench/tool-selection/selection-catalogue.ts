import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonObject } from '../../shared/contract/json';
import type { ParameterType } from '../../shared/tools/tool-info';
import type { ToolDefinition } from '../../shared/tools/tool-definition';
import { loadToolRegistry } from '../../tools/catalogue/tool-registry';
import type { RegisteredTool } from '../../tools/catalogue/tool-runtime-types';
import { LOAD_SKILL } from '../../electron/services/agent/tool-selection/relevant-skills';
import { SEARCH_KNOWLEDGE } from '../../electron/services/agent/tool-selection/run-tool-selection';
import { DISTRACTOR_TOOLS } from './distractor-tools';
import { LABELLED_REQUESTS } from './labelled-requests';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** A tool of the benchmark catalogue that is not built in: an MCP server's, or a distractor. */
export interface ExtraToolSpec {
  id: string;
  description: string;
  parameters: Record<string, { type: ParameterType; description: string; required: boolean }>;
  source: 'mcp' | 'distractor';
}

interface DumpedServer {
  server: string;
  tools: Array<{ name: string; description: string; inputSchema: { properties?: Record<string, JsonObject>; required?: string[] } }>;
}

const SERVER_PREFIX: Record<string, string> = {
  '@modelcontextprotocol/server-everything': 'everything',
  '@modelcontextprotocol/server-filesystem': 'fs',
};

const PARAMETER_TYPES = new Set<string>(['string', 'integer', 'number', 'boolean', 'array', 'object']);

/** The real MCP servers' tools (mcp-tools.json), named `<server>_<tool>` in snake_case so they never clash with the built-ins. */
export function mcpToolSpecs(): ExtraToolSpec[] {
  const dump = JSON.parse(readFileSync(path.join(HERE, 'mcp-tools.json'), 'utf8')) as { servers: DumpedServer[] };
  return dump.servers.flatMap((server) =>
    server.tools.map((tool) => {
      const required = new Set(tool.inputSchema.required ?? []);
      const parameters = Object.fromEntries(
        Object.entries(tool.inputSchema.properties ?? {}).map(([name, schema]) => {
          const type =
            typeof schema['type'] === 'string' && PARAMETER_TYPES.has(schema['type']) ? (schema['type'] as ParameterType) : 'string';
          const description = typeof schema['description'] === 'string' ? schema['description'] : `The ${name}.`;
          return [name, { type, description, required: required.has(name) }];
        }),
      );
      const id = `${SERVER_PREFIX[server.server] ?? 'mcp'}_${tool.name.replace(/-/g, '_')}`;
      return { id, description: tool.description, parameters, source: 'mcp' as const };
    }),
  );
}

export function distractorSpecs(): ExtraToolSpec[] {
  return DISTRACTOR_TOOLS.map((tool) => ({
    id: tool.id,
    description: tool.description,
    parameters: Object.fromEntries(
      Object.entries(tool.params).map(([name, description], index) => [
        name,
        { type: 'string' as const, description, required: index === 0 },
      ]),
    ),
    source: 'distractor' as const,
  }));
}

/** The `tools` entry a request would carry for an extra tool. */
export function extraDefinition(spec: ExtraToolSpec): ToolDefinition {
  return {
    type: 'function',
    function: {
      name: spec.id,
      description: spec.description,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(spec.parameters).map(([name, p]) => [name, { type: p.type, description: p.description }]),
        ),
        required: Object.entries(spec.parameters)
          .filter(([, p]) => p.required)
          .map(([name]) => name),
      },
    },
  };
}

/**
 * The built-in tools, loaded from tools/ as the app loads them, less those a run offers only with
 * something the benchmark has none of: load_skill (a skill that fits the request) and
 * search_knowledge (knowledge folders), as run-tool-selection.ts decides.
 */
export async function builtinTools(): Promise<RegisteredTool[]> {
  const conditional = new Set([LOAD_SKILL, SEARCH_KNOWLEDGE]);
  return (await loadToolRegistry()).list().filter((tool) => !conditional.has(tool.info.toolId));
}

/**
 * The benchmark catalogue of `size` tools: every built-in, every tool of the two MCP servers, then
 * as many distractors as it takes. When new built-ins leave room for fewer distractors, the last
 * ones that no labelled request needs make way, so a label never loses its tool.
 */
export async function selectionCatalogue(
  size = 150,
): Promise<{ builtins: RegisteredTool[]; extras: ExtraToolSpec[]; definitions: ToolDefinition[] }> {
  const builtins = await builtinTools();
  const mcp = mcpToolSpecs();
  const distractors = fewerDistractors(distractorSpecs(), Math.max(0, size - builtins.length - mcp.length));
  const extras = [...mcp, ...distractors];
  if (builtins.length + extras.length !== size) throw new Error(`the catalogue has ${builtins.length + extras.length} tools, not ${size}`);
  return { builtins, extras, definitions: [...builtins.map((tool) => tool.definition), ...extras.map(extraDefinition)] };
}

/** `count` of the distractors in their order, leaving out the last ones no labelled request names. */
export function fewerDistractors(distractors: readonly ExtraToolSpec[], count: number): ExtraToolSpec[] {
  const labelled = new Set(LABELLED_REQUESTS.map((entry) => entry.tool));
  let surplus = distractors.length - count;
  const dropped = new Set<ExtraToolSpec>();
  for (let index = distractors.length - 1; index >= 0 && surplus > 0; index -= 1) {
    const spec = distractors[index]!;
    if (labelled.has(spec.id)) continue;
    dropped.add(spec);
    surplus -= 1;
  }
  return distractors.filter((spec) => !dropped.has(spec));
}
