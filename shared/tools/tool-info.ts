import type { Risk } from '../settings/settings';

export const TOOL_TYPES = ['function', 'non_function', 'handoff', 'agent_as_tool', 'ask_user'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

export const PARAMETER_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export interface ToolParameterInfo {
  type: ParameterType;
  description: string;
  required: boolean;
  enum?: string[];
  default?: string | number | boolean;
  items?: { type: ParameterType };
}

/** Who may call an MCP tool, in the MCP Apps extension's words: the model, the apps of its own server. */
export type ToolAudience = 'model' | 'app';

/** A catalogue entry as the renderer and /tool show it. */
export interface ToolInfo {
  toolId: string;
  description: string;
  type: ToolType;
  category: string;
  parameters: Record<string, ToolParameterInfo>;
  returns: Record<string, string>;
  usageInstructions: string;
  risk: Risk;
  requiresApproval: boolean;
  /** Where the tool comes from when it is not built in (absent for built-ins). */
  source?: ToolSource;
}

/** An MCP tool: its server, its name there and its read-only annotation (shown, trusted only for a trusted-read server). */
export interface ToolSource {
  kind: 'mcp';
  server: string;
  tool: string;
  readOnlyHint: boolean | null;
  /**
   * The server is reached at a URL, so each call goes over the network; false for a server TACO
   * runs on this computer (what that program does is its own: the tool's badge says only what is known).
   */
  remote: boolean;
  /** The tool's MCP App (`_meta.ui.resourceUri`): the window shows it under the call's result. */
  appResourceUri?: string;
  /** Who may call it (`_meta.ui.visibility`, tool-visibility.ts); absent: the model and its server's apps. */
  visibility?: ToolAudience[];
}
