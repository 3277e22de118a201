import type { RunEvent } from '../../../shared/contract/events';
import type { JsonObject } from '../../../shared/contract/json';
import type { AgentRunInput } from '../agent/loop/agent-types';
import { executeToolCall } from '../agent/tool-calls/execute-tool-call';
import { createLoopScope } from '../agent/loop/loop-scope';
import { createShared } from '../agent/loop/run-agent';
import { withRunIds } from '../agent/loop/run-context';
import { createRunSignal } from '../agent/loop/run-signal';

export type DirectCallResult =
  { type: 'result'; output: string } | { type: 'error'; error: string } | { type: 'cancelled'; reason: 'cancelled' | 'timeout' };

/**
 * One tool call the USER asked for (a workflow `tool` step), through exactly the path a model's
 * call takes: argument checks, a stack frame, the depth and approval gates (a tool that needs
 * approval still needs it), the status line, the capped result, and the same events. `input`
 * carries the gates; a denial arrives as an `error` (the caller's approval gate knows it was one).
 */
export async function runDirectToolCall(input: AgentRunInput, tool: string, args: JsonObject): Promise<DirectCallResult> {
  const now = input.now ?? Date.now;
  const runSignal = createRunSignal(input.signal, input.limits.runTimeoutMs);
  let result: DirectCallResult | null = null;
  let callId: string | null = null;
  const emit = (body: Parameters<typeof withRunIds>[1]): void => {
    const event: RunEvent = withRunIds(input, body);
    if (event.type === 'tool-call' && callId === null) callId = event.callId;
    if (event.type === 'tool-result' && event.callId === callId) result = { type: 'result', output: event.result };
    if (event.type === 'tool-error' && event.callId === callId) result = { type: 'error', error: event.error };
    input.emit(event);
  };
  const unsubscribe = input.stack.onChange((frames) => emit({ type: 'stack', frames, depthLimit: input.limits.depthLimit }));
  try {
    const shared = createShared(
      input,
      now,
      runSignal,
      { tools: true, thinking: false, vision: false, contextLength: input.conversation?.numCtx ?? null },
      emit,
    );
    const scope = createLoopScope(shared, { role: 'main', goal: input.userText, text: input.userText, earlier: [], baseFrameId: null });
    const outcome = await executeToolCall(shared, scope, { name: tool, arguments: args });
    const cause = runSignal.cause();
    if (cause) return { type: 'cancelled', reason: cause };
    if (outcome.type === 'handoff') return { type: 'result', output: outcome.payload.result };
    return result ?? { type: 'error', error: `${tool} ended without a result.` };
  } finally {
    unsubscribe();
    runSignal.dispose();
  }
}
