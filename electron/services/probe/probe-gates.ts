import type { ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { ApprovalGate, DepthGate, QuestionGate } from '../orchestration/orchestration-types';

/**
 * Nobody sits at a check: the file tools (confined to the scratch folder) are allowed, anything else
 * that asks — the shell, MCP tools, anything reaching out — is denied; questions get a fixed answer,
 * and the depth prompt is cancelled.
 */
export function probeGates(tools: ToolRegistry): { approvals: ApprovalGate; questions: QuestionGate; depth: DepthGate } {
  return {
    approvals: {
      request: (request) => {
        const tool = tools.get(request.tool);
        const insideScratch = tool !== undefined && tool.info.source === undefined && (request.risk === 'read' || request.risk === 'write');
        return Promise.resolve(insideScratch ? 'allow-once' : 'deny');
      },
    },
    questions: { ask: () => Promise.resolve('Nobody can answer questions during this check. Do the task with what you have.') },
    depth: { decide: () => Promise.resolve('cancel') },
  };
}
