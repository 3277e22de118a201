import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { toolOverride } from '../../../../shared/approvals/approval-decision';
import type { ToolApproval } from '../../../../shared/settings/settings';
import { offeredToModel } from '../../../../shared/tools/tool-visibility';
import type { ConversationRunOptions } from '../loop/agent-types';
import type { LoopScope, RunShared } from '../loop/run-context';
import { resolveTool, unavailableToolMessage, unknownToolMessage } from '../repairs/tool-call-repair';

/** What a call may run: the tool, or the words for the model when it may not. */
export type CallTarget = { type: 'tool'; tool: RegisteredTool } | { type: 'refused'; message: string };

/**
 * The one place that decides whether a model's call may run: the tool must exist, be allowed in
 * the conversation (a preset's `allowedTools`) and have been offered in the step that made the
 * call (the request's tools, the kept ones included: core tools, find_tools' finds, tools used in
 * the run). A refused call gets the offered tools, as an unknown tool does. A call the user asked
 * for (a workflow's tool step: `scope.offered` null) is checked against the conversation's tools.
 */
export function callTarget(shared: RunShared, scope: LoopScope, name: string): CallTarget {
  const offered = (scope.offered ?? shared.tools).filter((tool) => isAllowed(shared.input.conversation, tool.info.toolId));
  const tool = resolveTool(shared.input.tools, name);
  if (!tool) return { type: 'refused', message: unknownToolMessage(name, offered) };
  if (!offered.some((candidate) => candidate.info.toolId === tool.info.toolId)) {
    return { type: 'refused', message: unavailableToolMessage(tool.info.toolId, offered) };
  }
  return { type: 'tool', tool };
}

/** The tools a run may use at all: the conversation's allowed ones (every tool when it names none). */
export function allowedTools(
  tools: readonly RegisteredTool[],
  conversation: ConversationRunOptions | undefined,
  toolApprovals?: Readonly<Record<string, ToolApproval>>,
): RegisteredTool[] {
  // A tool the user set to "Never run" (the catalogue, Settings → Memory for save_memory) is never offered, so never called;
  // nor is an MCP tool its server declared for its apps only.
  return tools.filter(
    (tool) =>
      offeredToModel(tool.info) && isAllowed(conversation, tool.info.toolId) && toolOverride(toolApprovals, tool.info.toolId) !== 'never',
  );
}

function isAllowed(conversation: ConversationRunOptions | undefined, toolId: string): boolean {
  const allowed = conversation?.allowedTools;
  return allowed === undefined || allowed.includes(toolId);
}
