import type { ToolInfo } from '../../../shared/tools/tool-info';
import { buildArgsSchema } from '../../../tools/catalogue/args/tool-args-schema';
import { buildToolDefinition } from '../../../tools/catalogue/tool-definition';
import { ToolFailure, type RegisteredTool, type ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { DistractorSpec } from './probe-library';

/**
 * The tools a probe task runs with: the user's enabled tools without those that reach the network
 * (a check must not send anything anywhere), plus the inert distractors when the task asks for them.
 */
export function probeToolRegistry(userTools: ToolRegistry, distractors: readonly DistractorSpec[]): ToolRegistry {
  const own = userTools.list().filter((tool) => tool.info.risk !== 'network');
  const ownIds = new Set(own.map((tool) => tool.info.toolId));
  const all = [...own, ...distractors.filter((spec) => !ownIds.has(spec.id)).map(distractorTool)];
  const byId = new Map(all.map((tool) => [tool.info.toolId, tool]));
  return { list: () => all, get: (id) => byId.get(id) };
}

function distractorTool(spec: DistractorSpec): RegisteredTool {
  const names = Object.keys(spec.params);
  const info: ToolInfo = {
    toolId: spec.id,
    description: spec.description,
    type: 'function',
    category: 'probe distractors',
    parameters: Object.fromEntries(
      Object.entries(spec.params).map(([name, description]) => [
        name,
        { type: 'string' as const, description, required: name === names[0] },
      ]),
    ),
    returns: {},
    usageInstructions: '',
    risk: 'read',
    requiresApproval: false,
  };
  return {
    info,
    argsSchema: buildArgsSchema(spec.id, info.parameters),
    definition: buildToolDefinition(info),
    run: () => Promise.reject(new ToolFailure(`${spec.id} is not available here.`)),
  };
}
