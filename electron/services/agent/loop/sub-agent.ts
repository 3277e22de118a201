import { describeStopReason } from '../../../../shared/stop-reason';
import { ToolFailure, type HandoffPayload } from '../../../../tools/catalogue/tool-runtime-types';
import { runLoop } from './agent-loop';
import { createLoopScope } from './loop-scope';
import type { RunShared } from './run-context';

/**
 * delegate_task's sub-agent: a nested loop with the same model and tools, its own counters and
 * output budget, sharing the run's signal, stack, gates and depth limit. Its calls stack above
 * the delegate frame. It ends on a handoff (returned as is) or a final answer (returned as the
 * result); any other stop is a tool failure the parent model reads.
 */
export async function runSubAgent(shared: RunShared, parentFrameId: string, task: string, documents: string[]): Promise<HandoffPayload> {
  const text = documents.length > 0 ? `${task}\n\nDocuments you were given: ${documents.join(', ')}` : task;
  const scope = createLoopScope(shared, { role: 'sub-agent', goal: task, text, earlier: [], baseFrameId: parentFrameId });
  const end = await runLoop(shared, scope);
  if (end.type === 'handoff') return end.payload;
  if (end.reason === 'complete') return { result: end.answer, documents: [] };
  if (end.reason === 'cancelled' || end.reason === 'timeout') {
    throw shared.signal.reason instanceof Error ? shared.signal.reason : new Error(describeStopReason(end.reason));
  }
  const detail = end.error ?? (end.answer.trim() ? `Its last words: ${end.answer.trim()}` : '');
  throw new ToolFailure(
    `The sub-agent stopped before finishing: ${describeStopReason(end.reason, { maxIterations: shared.input.limits.maxIterations })} ${detail}`.trim(),
  );
}
