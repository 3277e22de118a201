import type { ModelEvent } from '../../../../shared/contract/events';
import type { McpElicitationRequest } from '../../../../shared/mcp/mcp-elicitation';

/**
 * The open MCP forms after one `model-events` batch: `mcp-elicitation` opens one,
 * `mcp-elicitation-closed` removes it. The same array when nothing changed.
 */
export function applyElicitationEvents(open: McpElicitationRequest[], events: readonly ModelEvent[]): McpElicitationRequest[] {
  let next = open;
  for (const event of events) {
    if (event.type === 'mcp-elicitation' && !next.some((each) => each.elicitationId === event.request.elicitationId))
      next = [...next, event.request];
    else if (event.type === 'mcp-elicitation-closed') next = next.filter((each) => each.elicitationId !== event.elicitationId);
  }
  return next;
}
