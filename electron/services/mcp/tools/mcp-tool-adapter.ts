import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { JsonObject } from '../../../../shared/contract/json';
import type { McpApprovalPolicy, McpToolView } from '../../../../shared/mcp/mcp';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { ToolFailure, type RegisteredTool, type ToolContext } from '../../../../tools/catalogue/tool-runtime-types';
import { argsSchemaFromJsonSchema, parametersFromJsonSchema, type ToolInputSchema } from './json-schema-args';
import type { CallOrigin } from '../elicitation/call-origin';
import { convertResult, type McpCallResult } from './mcp-result';
import { qualifyToolNames } from './tool-names';
import { definitionHash } from './tool-pinning';
import { grantHash } from '../config/server-location';
import { toolAppResourceUri, toolVisibility } from '../apps/app-resource';

export interface McpProgress {
  progress: number;
  total: number | null;
  message: string | null;
}

/** tools/call on a server's live connection (the service: timeout, cancel, crash reasons). */
export type McpCaller = (
  server: string,
  tool: string,
  args: JsonObject,
  options: { signal: AbortSignal; onProgress(progress: McpProgress): void; origin?: CallOrigin },
) => Promise<McpCallResult>;

export interface ServerTools {
  views: McpToolView[];
  /** Enabled tools only, as the loop runs them. */
  registered: RegisteredTool[];
}

export interface AdaptOptions {
  server: string;
  /** Where the server runs (server-location.ts): part of what an "Always allow" grant is bound to. */
  location: string;
  /** The server is reached at a URL (its tools' calls cross the network); absent: a server run on this computer. */
  remote?: boolean;
  approval: McpApprovalPolicy;
  disabledTools: ReadonlySet<string>;
  /** Tools changed (or new) since the user reviewed them, and what changed (tool-pinning.ts): they always ask, with a warning. */
  unreviewed?: ReadonlyMap<string, string[]>;
  call: McpCaller;
  emit(event: TacoEvent): void;
  now(): number;
}

/**
 * A server's tools as catalogue entries: named `mcp__<server>__<tool>`, parameters from their
 * JSON Schema, arguments checked by ajv, and an approval the server's policy decides — annotations
 * alone never let a tool skip the card: only `trusted-read` honours readOnlyHint, `never-ask` runs all.
 */
export function adaptServerTools(tools: readonly Tool[], options: AdaptOptions): ServerTools {
  const names = qualifyToolNames(
    options.server,
    tools.map((tool) => tool.name),
  );
  const views: McpToolView[] = [];
  const registered: RegisteredTool[] = [];
  for (const tool of tools) {
    const qualifiedName = names.get(tool.name) ?? tool.name;
    const readOnlyHint = typeof tool.annotations?.readOnlyHint === 'boolean' ? tool.annotations.readOnlyHint : null;
    const destructiveHint = typeof tool.annotations?.destructiveHint === 'boolean' ? tool.annotations.destructiveHint : null;
    const enabled = !options.disabledTools.has(tool.name);
    const description = describe(tool);
    const changes = options.unreviewed?.get(tool.name);
    const visibility = toolVisibility(tool._meta);
    views.push({
      name: tool.name,
      qualifiedName,
      description,
      readOnlyHint,
      destructiveHint,
      enabled,
      ...(changes ? { changes } : {}),
      ...(visibility !== undefined ? { visibility } : {}),
    });
    if (enabled) registered.push(registerTool(tool, qualifiedName, description, readOnlyHint, options));
  }
  return { views, registered };
}

function describe(tool: Tool): string {
  const description = tool.description?.trim() ?? '';
  const title = tool.title ?? tool.annotations?.title;
  if (description) return description;
  return title ? String(title) : `The ${tool.name} tool of an MCP server.`;
}

/**
 * The approval card's warning for an unreviewed tool, true to why: one the user never reviewed (a
 * fresh install, a tool the server added: tool-pinning.ts says "new tool") is not "changed".
 */
export function reviewWarningFor(changes: readonly string[]): string {
  if (changes.every((change) => change === 'new tool'))
    return 'You have not reviewed this MCP tool yet. Check the exact call before allowing it; accept the server’s tools in Settings → MCP servers to stop this warning.';
  return `This MCP tool changed since you reviewed it (${changes.filter((change) => change !== 'new tool').join(', ')}). Check the exact call before allowing it; accept the change in Settings → MCP servers to stop this warning.`;
}

/** 'allow' runs without a card; 'ask' shows one (a per-tool override in settings still wins). */
export function approvalFor(policy: McpApprovalPolicy, readOnlyHint: boolean | null): 'ask' | 'allow' {
  switch (policy) {
    case 'ask':
      return 'ask';
    case 'trusted-read':
      return readOnlyHint === true ? 'allow' : 'ask';
    case 'never-ask':
      return 'allow';
    default: {
      const unreachable: never = policy;
      return unreachable;
    }
  }
}

function registerTool(
  tool: Tool,
  qualifiedName: string,
  description: string,
  readOnlyHint: boolean | null,
  options: AdaptOptions,
): RegisteredTool {
  const schema = (tool.inputSchema ?? { type: 'object' }) as ToolInputSchema;
  const parameters = parametersFromJsonSchema(schema);
  const changes = options.unreviewed?.get(tool.name);
  // A tool changed since the user reviewed it is not trusted for its annotations or by the server's policy.
  const approval = changes ? 'ask' : approvalFor(options.approval, readOnlyHint);
  const trustedRead = !changes && options.approval === 'trusted-read' && readOnlyHint === true;
  const appResourceUri = toolAppResourceUri(tool._meta);
  const visibility = toolVisibility(tool._meta);
  const info: ToolInfo = {
    toolId: qualifiedName,
    description,
    type: 'function',
    category: `mcp:${options.server}`,
    parameters,
    returns: {},
    usageInstructions: '',
    risk: trustedRead ? 'read' : 'network',
    requiresApproval: approval === 'ask',
    source: {
      kind: 'mcp',
      server: options.server,
      tool: tool.name,
      readOnlyHint,
      remote: options.remote === true,
      ...(appResourceUri !== null ? { appResourceUri } : {}),
      ...(visibility !== undefined ? { visibility } : {}),
    },
  };
  return {
    info,
    argsSchema: argsSchemaFromJsonSchema(schema),
    definition: {
      type: 'function',
      function: {
        name: qualifiedName,
        description,
        parameters: {
          type: 'object',
          properties: (schema.properties ?? {}) as Record<string, JsonObject>,
          required: Array.isArray(schema.required) ? schema.required : [],
        },
      },
    },
    approvalOverride: approval,
    definitionHash: grantHash(options.location, definitionHash(tool)),
    ...(changes
      ? {
          reviewWarning: reviewWarningFor(changes),
        }
      : {}),
    run: async (args: JsonObject, context: ToolContext) => {
      const result = await options.call(options.server, tool.name, args, {
        signal: context.signal,
        origin: { runId: context.runId, conversationId: context.conversationId, callId: context.callId, signal: context.signal },
        onProgress: (progress) =>
          options.emit({
            type: 'tool-progress',
            runId: context.runId,
            conversationId: context.conversationId,
            callId: context.callId,
            ...progress,
            at: options.now(),
          }),
      });
      const converted = convertResult(result);
      if (converted.isError) throw new ToolFailure(converted.text.trim() || `${qualifiedName} reported an error without saying why.`);
      return { type: 'result', output: converted.text, ...(converted.images.length > 0 ? { images: converted.images } : {}) };
    },
  };
}
