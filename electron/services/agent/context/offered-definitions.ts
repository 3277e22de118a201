import { DEFAULTS } from '../../../../shared/constants';
import type { ToolDefinition } from '../../../../shared/tools/tool-definition';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { definitionsChars } from './definition-chars';

const cache = new WeakMap<RegisteredTool, ToolDefinition>();

/**
 * The definition a request offers: the tool's description followed by its usage instructions
 * (seed tool-orchestration: a tool's instructions are retrieved before it is used), capped at
 * DEFAULTS.toolSelection.usageInDescriptionChars. Only offered tools carry them, so the tool
 * budget bounds what they cost; the ranking still reads the plain definitions. One object per
 * tool, built once, so the same offer gives the same bytes.
 */
export function offeredDefinition(tool: RegisteredTool): ToolDefinition {
  const known = cache.get(tool);
  if (known) return known;
  const usage = usageText(tool);
  const definition: ToolDefinition = usage
    ? {
        ...tool.definition,
        function: { ...tool.definition.function, description: `${tool.definition.function.description.trim()} ${usage}` },
      }
    : tool.definition;
  cache.set(tool, definition);
  return definition;
}

/** The usage instructions as one line of whole sentences within the cap ('' when the tool has none). */
export function usageText(tool: Pick<RegisteredTool, 'info'>): string {
  const text = tool.info.usageInstructions.replace(/\s+/g, ' ').trim();
  const limit = DEFAULTS.toolSelection.usageInDescriptionChars;
  if (text.length <= limit) return text;
  let kept = '';
  for (const sentence of text.match(/[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$/g) ?? []) {
    if ((kept + sentence).trim().length > limit) break;
    kept += sentence;
  }
  return kept.trim() || `${text.slice(0, limit - 1)}…`;
}

/** The definitions of one request: with usage instructions while they fit the context share, else plain. */
export function offeredDefinitions(tools: readonly RegisteredTool[], numCtx: number): ToolDefinition[] {
  const withUsage = tools.map(offeredDefinition);
  const tokens = definitionsChars(withUsage) / DEFAULTS.agent.charsPerToken;
  return tokens <= numCtx * DEFAULTS.toolSelection.usageMaxContextShare ? withUsage : tools.map((tool) => tool.definition);
}
