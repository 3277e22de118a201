import type { ToolInfo, ToolParameterInfo } from '../../shared/tools/tool-info';
import { buildArgsSchema } from './args/tool-args-schema';
import { defaultRequiresApproval, type ToolConfig } from './config/tool-config-schema';
import { buildToolDefinition } from './tool-definition';
import type { ToolImplementation } from './tool-implementation';
import type { RegisteredTool } from './tool-runtime-types';

/** The catalogue entry (camelCase, as the renderer and /tool show it) for a validated config. */
export function toolInfoFromConfig(config: ToolConfig): ToolInfo {
  const parameters: Record<string, ToolParameterInfo> = {};
  for (const [name, parameter] of Object.entries(config.parameters)) {
    parameters[name] = {
      type: parameter.type,
      description: parameter.description,
      required: parameter.required,
      ...(parameter.enum !== undefined ? { enum: [...parameter.enum] } : {}),
      ...(parameter.default !== undefined ? { default: parameter.default } : {}),
      ...(parameter.items !== undefined ? { items: { type: parameter.items.type } } : {}),
    };
  }
  return {
    toolId: config.tool_id,
    description: config.description,
    type: config.type,
    category: config.category,
    parameters,
    returns: { ...config.returns },
    usageInstructions: config.usage_instructions,
    risk: config.risk,
    requiresApproval: config.requires_approval ?? defaultRequiresApproval(config.risk),
  };
}

/** Joins a validated config and its implementation into what the loop runs. */
export function buildRegisteredTool(config: ToolConfig, implementation: ToolImplementation): RegisteredTool {
  const info = toolInfoFromConfig(config);
  return {
    info,
    argsSchema: buildArgsSchema(info.toolId, info.parameters),
    definition: buildToolDefinition(info),
    run: implementation.run,
    ...(implementation.preview !== undefined ? { preview: implementation.preview } : {}),
  };
}
