import type { EnhancedPromptView, SystemPromptPreset } from '../../../shared/conversations/system-prompts';
import type { ToolInfo } from '../../../shared/tools/tool-info';
import { buildToolDefinition } from '../../../tools/catalogue/tool-definition';
import { buildSystemPrompt } from '../agent/context/prompt/system-prompt';

export interface EnhanceInput {
  preset: SystemPromptPreset;
  /** The app's tools now (built-in and MCP), as tools.list answers. */
  tools: readonly ToolInfo[];
  workspace: string | null;
}

/**
 * What the model sees for a preset at the start of a conversation: the system message the loop
 * builds (`electron/services/agent/context/prompt/system-prompt.ts`: the preset's prompt, the workspace,
 * the tool guidance and, for a model without tool calling, the tool list and the JSON call format)
 * and the `tools` a native request carries — from the same functions the loop uses, so the view
 * cannot drift from what is sent. The tool stack's context is added later, once a tool runs.
 */
export function enhancePreset(input: EnhanceInput): EnhancedPromptView {
  const allowed = input.preset.allowedTools;
  const known = new Set(input.tools.map((tool) => tool.toolId));
  const offered = (allowed === null ? input.tools : input.tools.filter((tool) => allowed.includes(tool.toolId))).map((info) => ({ info }));
  const base = {
    tools: offered,
    workspace: input.workspace,
    role: 'main' as const,
    toolsOffered: true,
    userPrompt: input.preset.prompt,
  };
  return {
    preset: input.preset,
    native: { system: buildSystemPrompt({ ...base, mode: 'native' }), tools: offered.map((tool) => buildToolDefinition(tool.info)) },
    prompt: { system: buildSystemPrompt({ ...base, mode: 'prompt' }) },
    unknownTools: (allowed ?? []).filter((toolId) => !known.has(toolId)),
  };
}
