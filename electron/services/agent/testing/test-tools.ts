import { z } from 'zod';
import type { JsonObject } from '../../../../shared/contract/json';
import type { Risk } from '../../../../shared/settings/settings';
import type { ParameterType, ToolParameterInfo, ToolType } from '../../../../shared/tools/tool-info';
import type { RegisteredTool, ToolContext, ToolOutcome, ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';

export interface TestToolSpec {
  id: string;
  description?: string;
  type?: ToolType;
  category?: string;
  risk?: Risk;
  requiresApproval?: boolean;
  parameters?: Record<string, { type: ParameterType; description?: string; required?: boolean; enum?: string[] }>;
  /** A string is a plain result. Defaults to `ok: <tool>`. */
  run?: (args: JsonObject, context: ToolContext) => Promise<ToolOutcome | string> | ToolOutcome | string;
  preview?: RegisteredTool['preview'];
}

/** A registered tool that records every call it ran. */
export interface TestTool extends RegisteredTool {
  readonly ran: JsonObject[];
}

/** A RegisteredTool defined in a test: strict zod args from the parameters, an Ollama definition, a recorded run. */
export function testTool(spec: TestToolSpec): TestTool {
  const parameters: Record<string, ToolParameterInfo> = {};
  for (const [name, param] of Object.entries(spec.parameters ?? {})) {
    parameters[name] = {
      type: param.type,
      description: param.description ?? `The ${name}.`,
      required: param.required ?? true,
      ...(param.enum ? { enum: param.enum } : {}),
    };
  }
  const ran: JsonObject[] = [];
  const tool: TestTool = {
    ran,
    info: {
      toolId: spec.id,
      description: spec.description ?? `Test tool ${spec.id}. It does what the test says.`,
      type: spec.type ?? 'function',
      category: spec.category ?? 'test',
      parameters,
      returns: {},
      usageInstructions: '',
      risk: spec.risk ?? 'read',
      requiresApproval: spec.requiresApproval ?? false,
    },
    argsSchema: argsSchemaFor(parameters),
    definition: {
      type: 'function',
      function: {
        name: spec.id,
        description: spec.description ?? `Test tool ${spec.id}.`,
        parameters: {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(parameters).map(([name, info]) => [name, { type: info.type, description: info.description }]),
          ),
          required: Object.entries(parameters)
            .filter(([, info]) => info.required)
            .map(([name]) => name),
        },
      },
    },
    async run(args, context) {
      ran.push(args);
      const outcome = spec.run ? await spec.run(args, context) : `ok: ${spec.id}`;
      return typeof outcome === 'string' ? { type: 'result', output: outcome } : outcome;
    },
    ...(spec.preview ? { preview: spec.preview } : {}),
  };
  return tool;
}

export function testRegistry(...tools: RegisteredTool[]): ToolRegistry {
  return {
    list: () => [...tools],
    get: (toolId) => tools.find((tool) => tool.info.toolId === toolId),
  };
}

function argsSchemaFor(parameters: Record<string, ToolParameterInfo>): z.ZodType<JsonObject> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, info] of Object.entries(parameters)) {
    const base = schemaFor(info.type);
    shape[name] = info.required ? base : base.optional();
  }
  return z.object(shape).strict() as unknown as z.ZodType<JsonObject>;
}

function schemaFor(type: ParameterType): z.ZodType {
  switch (type) {
    case 'string':
      return z.string();
    case 'integer':
      return z.number().int();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(z.unknown());
    case 'object':
      return z.record(z.string(), z.unknown());
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}
