import { DEFAULTS } from '../../../../shared/constants';
import type { RegisteredTool, ToolOutcome } from '../../../../tools/catalogue/tool-runtime-types';
import type { LoopScope, RunShared } from '../loop/run-context';
import type { PlannedCall } from '../loop/step-decision';
import { callKey } from '../repairs/canonical-args';
import { resolveTool } from '../repairs/tool-call-repair';
import { needsApproval } from './call-gates';
import { callTarget } from './call-target';
import { createToolContext } from './tool-context';

/**
 * Independent read-only calls of one round start together (seed tool-orchestration, future:
 * parallel execution): each eligible call's tool starts now, and executeToolCall, still taking the
 * calls one by one, awaits the started work instead of starting it, so events, stack frames and
 * results stay in call order. Eligible: a catalogue tool of type function with risk read, valid
 * arguments, offered in the step (callTarget), no approval, not an orchestration tool, not repeated in the round or just before, and
 * room on the stack (no depth prompt). Anything else runs when its turn comes, as before. A result
 * that is never used (the run stopped earlier) is dropped; reading had no effect.
 */
export async function prefetchReads(
  shared: RunShared,
  scope: LoopScope,
  calls: readonly PlannedCall[],
): Promise<Map<PlannedCall, Promise<ToolOutcome>>> {
  const started = new Map<PlannedCall, Promise<ToolOutcome>>();
  const independent = await Promise.all(calls.map((call) => independentRead(shared, scope, call, calls)));
  const eligible = calls.flatMap((call, index) => {
    const tool = independent[index];
    return tool ? [{ call, tool }] : [];
  });
  if (eligible.length < 2 || shared.input.stack.depth() + calls.length >= shared.depthLimit) return started;
  eligible.forEach(({ call, tool }, index) => {
    const context = createToolContext(shared, { callId: `prefetch-${index}`, frameId: '' });
    const work = Promise.resolve().then(() => tool.run(tool.argsSchema.parse(call.arguments), context));
    work.catch(() => undefined);
    started.set(call, work);
  });
  return started;
}

/** The call's tool when the call may start early, else null. */
async function independentRead(
  shared: RunShared,
  scope: LoopScope,
  call: PlannedCall,
  round: readonly PlannedCall[],
): Promise<RegisteredTool | null> {
  const target = callTarget(shared, scope, call.name);
  if (target.type === 'refused') return null;
  const { tool } = target;
  if (tool.info.type !== 'function' || tool.info.risk !== 'read') return null;
  if (DEFAULTS.toolSelection.coreTools.includes(tool.info.toolId)) return null;
  const parsed = tool.argsSchema.safeParse(call.arguments);
  if (!parsed.success || (await needsApproval(tool, shared.input, parsed.data))) return null;
  const key = callKey(tool.info.toolId, call.arguments);
  const sameInRound = round.filter(
    (other) => callKey(resolveTool(shared.input.tools, other.name)?.info.toolId ?? other.name, other.arguments) === key,
  );
  // A call repeating the one just made is refused, not run (execute-tool-call.ts).
  return sameInRound.length === 1 && scope.counters.lastCallKey !== key ? tool : null;
}
