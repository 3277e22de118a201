import { DEFAULTS } from '../../../../shared/constants';
import type { ApprovalDecision } from '../../../../shared/contract/events';
import type { JsonObject } from '../../../../shared/contract/json';
import type { RegisteredTool, ToolContext } from '../../../../tools/catalogue/tool-runtime-types';
import type { AgentRunInput } from '../loop/agent-types';
import { approvalNeeded, toolOverride } from '../../../../shared/approvals/approval-decision';
import { approvalSubject } from './approval-subject';
import type { AlwaysAllowSubject } from '../../../../shared/approvals/always-allow';
import type { SandboxNotice } from '../../../../shared/approvals/sandbox-notice';
import { emitStatus, type RunShared } from '../loop/run-context';
import { awaitingApprovalStatus } from '../status/status-texts';
import { commandHosts } from '../../../../tools/shell/command-network';

/**
 * Whether this call waits for the user: its per-tool override, else its config and risk policy
 * (see approvalNeeded). "Allow for this conversation" counts only for the call's scope (the exact
 * command, the origin, the resolved path: approvalSubject); "Always allow this tool" (an MCP tool)
 * for any call of that tool while its definition is the one the user allowed. A write that can make programs run
 * (codeExecutionWarning, on the resolved path) always asks, whatever the policy.
 */
export async function needsApproval(tool: RegisteredTool, input: GateInput, args: JsonObject): Promise<boolean> {
  // A command whose `network` names no valid hosts is refused by run_command before anything runs: nothing to ask.
  if (isSandboxedCommand(tool) && !commandHosts(args).ok) return false;
  if (!(await policyAsks(tool, input, args))) return false;
  // A command that can change nothing (the scratch sandbox) runs without asking when the user chose so.
  return !scratchRunAllowed(tool, input, args);
}

type GateInput = Pick<
  AgentRunInput,
  | 'approvalPolicy'
  | 'allowedForConversation'
  | 'toolApprovals'
  | 'workspace'
  | 'alwaysAllowed'
  | 'commandSandbox'
  | 'runScratchCommandsWithoutAsking'
>;

/**
 * Whether this call runs unasked in the scratch sandbox (settings.runScratchCommandsWithoutAsking):
 * only run_command, only where a sandbox exists, never with the network, never when the user's
 * own override for the tool says "ask". It runs with the workspace read-only, so a command that
 * needs to write fails instead of writing; asking is what the model must do for that (it says so
 * in the result). Decided again where the call runs (`executeToolCall`), on the same inputs.
 */
export async function runsAsScratch(tool: RegisteredTool, input: GateInput, args: JsonObject): Promise<boolean> {
  return scratchRunAllowed(tool, input, args) && (await policyAsks(tool, input, args));
}

/** Any `network` argument but an absent or empty one asks for the network (an invalid one too). */
function requestsNetwork(args: JsonObject): boolean {
  const network = args['network'];
  return network !== undefined && !(Array.isArray(network) && network.length === 0);
}

function scratchRunAllowed(tool: RegisteredTool, input: GateInput, args: JsonObject): boolean {
  return (
    input.runScratchCommandsWithoutAsking === true &&
    isSandboxedCommand(tool) &&
    input.commandSandbox?.available === true &&
    !requestsNetwork(args) &&
    args['write_workspace'] !== true &&
    toolOverride(input.toolApprovals, tool.info.toolId) !== 'ask'
  );
}

/** Whether the policies (override, risk, allowances, warnings) ask about this call. */
async function policyAsks(tool: RegisteredTool, input: GateInput, args: JsonObject): Promise<boolean> {
  const { scope, warning } = await approvalSubject(tool, args, input.workspace);
  if (warning !== null) return true;
  const alwaysAllowed = (await input.alwaysAllowed?.covers(alwaysAllowSubject(tool))) ?? false;
  return approvalNeeded({
    requiresApproval: tool.info.requiresApproval,
    risk: tool.info.risk,
    override: toolOverride(input.toolApprovals, tool.info.toolId) ?? tool.approvalOverride,
    riskPolicies: input.approvalPolicy,
    allowedForConversation: input.allowedForConversation.has(scope.key),
    alwaysAllowed,
  });
}

/** What the OS sandbox allows a built-in shell call (run_command), for its card; nothing for other tools. */
function sandboxWords(input: AgentRunInput, tool: RegisteredTool, args: JsonObject): { sandbox?: SandboxNotice } {
  if (!isSandboxedCommand(tool) || input.commandSandbox === undefined || input.workspace === null) return {};
  const hosts = commandHosts(args);
  return { sandbox: input.commandSandbox.describe({ workspace: input.workspace, hosts: hosts.ok ? hosts.hosts : [], scratch: false }) };
}

/** A built-in shell tool: run_command, which runs in the OS sandbox. */
export function isSandboxedCommand(tool: RegisteredTool): boolean {
  return tool.info.risk === 'shell' && tool.info.source === undefined;
}

/** What "Always allow this tool" binds to: an MCP tool's server, name and definition hash; null for other tools. */
export function alwaysAllowSubject(tool: RegisteredTool): AlwaysAllowSubject | null {
  const source = tool.info.source;
  if (source === undefined || tool.definitionHash === undefined) return null;
  return { server: source.server, tool: source.tool, definitionHash: tool.definitionHash };
}

export type ApprovalAnswer = { type: 'allowed' } | { type: 'denied'; message: string };

/**
 * Asks the approval gate (which shows the card and emits the approval events). A denial or a
 * timeout becomes words for the model, never a crash. Rejects only when the run stops.
 */
export async function askApproval(
  shared: RunShared,
  tool: RegisteredTool,
  args: JsonObject,
  callId: string,
  context: ToolContext,
): Promise<ApprovalAnswer> {
  const { input } = shared;
  const preview = tool.preview ? await tool.preview(args, context).catch(() => null) : null;
  const { scope, warning } = await approvalSubject(tool, args, input.workspace);
  let decision: ApprovalDecision | 'timeout';
  emitStatus(shared, awaitingApprovalStatus(tool.info.toolId, tool.info.source));
  try {
    decision = await input.approvals.request(
      {
        runId: input.runId,
        conversationId: input.conversationId,
        callId,
        tool: tool.info.toolId,
        args,
        risk: tool.info.risk,
        preview,
        // A warned call is asked every time: no conversation-wide allowance is offered.
        scope: warning === null ? scope.label : null,
        // "Always allow this tool" is offered for an MCP tool whose definition is the reviewed one, never with a warning.
        ...(warning === null && alwaysAllowSubject(tool) !== null ? { alwaysAllow: true } : {}),
        warning,
        ...sandboxWords(input, tool, args),
      },
      shared.signal,
    );
  } catch (error) {
    if (shared.signal.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return {
      type: 'denied',
      message: `Not run: approval for ${tool.info.toolId} could not be asked (${message}). Continue without it or tell the user.`,
    };
  }
  switch (decision) {
    case 'allow-conversation':
      if (warning === null) input.allowedForConversation.add(scope.key);
      return { type: 'allowed' };
    case 'allow-tool': {
      const subject = alwaysAllowSubject(tool);
      if (warning === null && subject !== null && input.alwaysAllowed) await input.alwaysAllowed.grant(subject);
      return { type: 'allowed' };
    }
    case 'allow-once':
      return { type: 'allowed' };
    case 'deny':
      return {
        type: 'denied',
        message: `Not run: the user denied this call of ${tool.info.toolId}. Do not try it again; continue without it or tell the user what you need.`,
      };
    case 'timeout':
      return {
        type: 'denied',
        message: `Not run: nobody approved this call of ${tool.info.toolId} in time, so it counts as denied. Continue without it or tell the user what you need.`,
      };
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
}

/**
 * At the depth limit the depth gate asks Continue or Cancel (and emits the depth events).
 * Continue raises the limit by DEFAULTS.depthLimitStep. A gate that fails counts as Cancel.
 */
export async function askDepth(shared: RunShared): Promise<'continue' | 'cancel'> {
  const { input } = shared;
  let decision: 'continue' | 'cancel';
  try {
    decision = await input.depth.decide(
      {
        runId: input.runId,
        conversationId: input.conversationId,
        depth: input.stack.depth(),
        limit: shared.depthLimit,
        frames: input.stack.frames(),
      },
      shared.signal,
    );
  } catch (error) {
    if (shared.signal.aborted) throw error;
    decision = 'cancel';
  }
  if (decision === 'continue') shared.depthLimit += DEFAULTS.depthLimitStep;
  return decision;
}
