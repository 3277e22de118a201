import type { Risk, Settings, ToolApproval } from '../settings/settings';

/** What the decision needs to know about one call of a tool. */
export interface ApprovalQuestion {
  /** The tool's config says it asks first (`requires_approval`). */
  requiresApproval: boolean;
  risk: Risk;
  /** The user's override for this tool, if any (settings.toolApprovals). */
  override: ToolApproval | undefined;
  /** The per-risk policy (settings.approvals). */
  riskPolicies: Settings['approvals'];
  /** The user chose "Allow for this conversation" for this tool earlier. */
  allowedForConversation: boolean;
  /**
   * The user chose "Always allow this tool" for this MCP tool as it is defined now
   * (`always-allow.ts`). Counts like a conversation allowance; the caller never sets it for a
   * warned call (a changed tool, a write that runs code), which always asks.
   */
  alwaysAllowed?: boolean;
}

/**
 * Whether a call waits for the user. An override wins: 'allow' never asks; 'ask' always asks,
 * even for a tool whose config does not require approval, unless allowed for this conversation.
 * Without one, today's rule: the config must require approval and its risk must not be 'allow'.
 */
export function approvalNeeded(question: ApprovalQuestion): boolean {
  switch (question.override) {
    case 'allow':
      return false;
    case 'ask':
      return !question.allowedForConversation && question.alwaysAllowed !== true;
    // A tool set to never run is not offered (call-target.ts); should a call reach this point anyway, it asks.
    case 'never':
      return true;
    case undefined:
      if (!question.requiresApproval || question.allowedForConversation || question.alwaysAllowed === true) return false;
      return question.riskPolicies[question.risk] !== 'allow';
    // Stryker disable next-line all: the exhaustive check, unreachable (TypeScript proves `never`)
    default: {
      const unreachable: never = question.override;
      return unreachable;
    }
  }
}

/** The user's override for a tool; own entries only, so a tool id never reads the prototype. */
export function toolOverride(toolApprovals: Readonly<Record<string, ToolApproval>> | undefined, toolId: string): ToolApproval | undefined {
  if (!toolApprovals || !Object.hasOwn(toolApprovals, toolId)) return undefined;
  return toolApprovals[toolId];
}
