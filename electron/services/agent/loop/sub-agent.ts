import { DEFAULTS } from '../../../../shared/constants';
import { describeStopReason } from '../../../../shared/conversations/stop-reason';
import { documentBlocks } from '../../../../tools/agents/document-blocks';
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
  const text = documents.length > 0 ? `${task}\n\n${await givenDocuments(shared, documents)}` : task;
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

/** The documents a helper was given, loaded into its first message (within the budget; summaries over it). */
async function givenDocuments(shared: RunShared, documents: string[]): Promise<string> {
  const { input } = shared;
  const index = input.documents;
  const summaryOf = index
    ? async (path: string) => {
        const record = await index.get(input.conversationId, path);
        return record && record.summaryOf === record.contentHash ? record.autoSummary : null;
      }
    : undefined;
  const blocks = await documentBlocks(input.workspace, documents, DEFAULTS.documents.passedChars, summaryOf);
  return `Documents you were given (${documents.join(', ')}):\n${blocks}`;
}
