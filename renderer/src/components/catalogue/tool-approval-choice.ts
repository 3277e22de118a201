// Types only: shared/settings.ts carries zod schemas the renderer must not bundle.
import type { ApprovalPolicy, Settings, SettingsPatch, ToolApproval } from '../../../../shared/settings/settings';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import { approvalNeeded } from '../../../../shared/approvals/approval-decision';

/** What the catalogue's approval control offers: the user's override, or no override ("default"). */
export type ApprovalChoice = 'default' | ToolApproval;

export const POLICY_WORDS: Record<ToolApproval, string> = { ask: 'Ask first', allow: 'Run without asking', never: 'Never run' };

/** What a tool does without an override: main's own rule (shared/approvals/approval-decision.ts). */
export function defaultPolicy(tool: Pick<ToolInfo, 'requiresApproval' | 'risk'>, approvals: Settings['approvals']): ApprovalPolicy {
  const asks = approvalNeeded({
    requiresApproval: tool.requiresApproval,
    risk: tool.risk,
    override: undefined,
    riskPolicies: approvals,
    allowedForConversation: false,
  });
  return asks ? 'ask' : 'allow';
}

/** The saved choice for a tool; own entries only, so no tool id reads the prototype. */
export function savedChoice(toolApprovals: Settings['toolApprovals'] | undefined, toolId: string): ApprovalChoice {
  if (!toolApprovals || !Object.hasOwn(toolApprovals, toolId)) return 'default';
  return toolApprovals[toolId] ?? 'default';
}

/** The patch that saves a choice: "default" removes the override (null). */
export function choicePatch(toolId: string, choice: ApprovalChoice): SettingsPatch {
  return { toolApprovals: { [toolId]: choice === 'default' ? null : choice } };
}

/** Why the default is what it is, in words for the hint under the control. */
export function defaultReason(tool: Pick<ToolInfo, 'requiresApproval' | 'risk'>, approvals: Settings['approvals']): string {
  if (!tool.requiresApproval) return 'By default this tool runs without asking.';
  if (approvals[tool.risk] === 'allow') return `By default it runs without asking: your Settings allow ${tool.risk} tools.`;
  return `By default it asks first, as your Settings do for ${tool.risk} tools.`;
}

export function isApprovalChoice(value: string): value is ApprovalChoice {
  return value === 'default' || value === 'ask' || value === 'allow' || value === 'never';
}
