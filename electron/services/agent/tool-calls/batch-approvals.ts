import type { JsonObject } from '../../../../shared/contract/json';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import type { ApprovalGate } from '../../orchestration/orchestration-types';
import { askApproval, needsApproval, type ApprovalAnswer } from './call-gates';
import type { LoopScope, RunShared } from '../loop/run-context';
import { callTarget } from './call-target';
import type { PlannedCall } from '../loop/step-decision';
import { createToolContext } from './tool-context';

/** A call whose approval was asked with the rest of its batch: its id, and the answer to await. */
export interface PreAsked {
  callId: string;
  answer: Promise<ApprovalAnswer>;
}

export interface ApprovalBatchScope {
  /** The pre-asked approval of each call that has one. */
  byCall: Map<PlannedCall, PreAsked>;
  /** Withdraws what is still open (the round ended early); call once the round is over. */
  close(): void;
}

/**
 * Seed risk "approval modal during loops": when one model turn asks for several calls that need
 * approval, every approval is requested AT ONCE, tagged with one batch id, so the user answers
 * them on one card (allow all, deny all, or one by one). Main still issues one approval id per
 * call and checks each answer. The calls then run in order, each awaiting its own answer.
 * Fewer than two such calls: null, and the calls ask one by one as before.
 */
export async function askBatchApprovals(
  shared: RunShared,
  scope: LoopScope,
  calls: readonly PlannedCall[],
): Promise<ApprovalBatchScope | null> {
  // One call asks on its own: nothing to look at (its arguments are checked when it runs).
  if (calls.length < 2) return null;
  const { input } = shared;
  const asking: Array<{ call: PlannedCall; tool: RegisteredTool; args: JsonObject }> = [];
  for (const call of calls) {
    // A call that will be refused (unknown, not offered, not allowed) is never put to the user.
    const target = callTarget(shared, scope, call.name);
    if (target.type === 'refused') continue;
    const { tool } = target;
    const parsed = tool.argsSchema.safeParse(call.arguments);
    if (parsed.success && (await needsApproval(tool, input, parsed.data))) asking.push({ call, tool, args: parsed.data });
  }
  if (asking.length < 2) return null;

  const controller = new AbortController();
  const onAbort = (): void => controller.abort(shared.signal.reason);
  shared.signal.addEventListener('abort', onAbort, { once: true });
  const batchId = `${input.runId}-batch-${shared.nextCallId()}`;
  const byCall = new Map<PlannedCall, PreAsked>();
  asking.forEach(({ call, tool, args }, index) => {
    const gate: ApprovalGate = {
      request: (request, signal) => input.approvals.request({ ...request, batch: { batchId, index, size: asking.length } }, signal),
    };
    const batchShared: RunShared = { ...shared, signal: controller.signal, input: { ...input, approvals: gate } };
    const callId = shared.nextCallId();
    const context = createToolContext(batchShared, { callId, frameId: '' });
    const answer = askApproval(batchShared, tool, args, callId, context);
    // Awaited later, in call order; a withdrawal must not surface as an unhandled rejection meanwhile.
    answer.catch(() => undefined);
    byCall.set(call, { callId, answer });
  });
  return {
    byCall,
    close() {
      shared.signal.removeEventListener('abort', onAbort);
      controller.abort();
    },
  };
}
