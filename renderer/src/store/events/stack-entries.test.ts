import { describe, expect, it } from 'vitest';
import { TOOL_ERROR_ENDINGS } from '../../../../shared/contract/events';
import type { StackFrame } from '../../../../shared/tools/tool-stack';
import { frameStateLabel } from '../../format/frame-state-label';
import { applyToolOutcome } from './stack-entries';
import type { StackView } from './conversation-view';

const frame = { frameId: 'f1', callId: 'c1', tool: 'run_command', state: 'running' } as unknown as StackFrame;

function popped(): StackView {
  return { entries: [{ frame, active: false, state: 'cleared', durationMs: null }], depthLimit: 5 };
}

describe('a popped frame says how its call ended, in the chat’s words', () => {
  it.each(TOOL_ERROR_ENDINGS)('an error that ended %s is shown as that, never as another ending', (ending) => {
    const stack = applyToolOutcome(popped(), 'c1', { type: 'error', error: 'x', durationMs: 3, ending });
    expect(stack.entries[0]?.state).toBe(ending);
    expect(frameStateLabel(ending, null).toLowerCase()).toBe(ending);
  });

  it('a denied or cancelled call is not labelled Failed', () => {
    for (const ending of ['denied', 'cancelled', 'skipped'] as const) {
      const stack = applyToolOutcome(popped(), 'c1', { type: 'error', error: 'x', durationMs: 3, ending });
      const state = stack.entries[0]!.state;
      expect(frameStateLabel(state, null)).not.toBe('Failed');
    }
  });

  it('a result is done', () => {
    const stack = applyToolOutcome(popped(), 'c1', { type: 'result', result: 'ok', truncated: false, durationMs: 3 });
    expect(stack.entries[0]?.state).toBe('done');
  });
});
