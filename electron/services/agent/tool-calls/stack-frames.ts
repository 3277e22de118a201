import type { StackFrame } from '../../../../shared/tools/tool-stack';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import type { ToolStack } from '../../orchestration/orchestration-types';

/**
 * Where a call goes on the tool stack. A result that `requires` another
 * tool leaves its frame open in state `waiting-tool` with `waitingFor` = that tool's name. Then:
 * - a call of the tool a frame waits for runs as that frame's child;
 * - a call of a waiting frame's own tool resumes that frame (no new frame);
 * - any other call gets a new frame above the innermost waiting frame of this loop (or above the
 *   loop's base frame: the delegate_task frame of a sub-agent, or nothing).
 * Only frames of this loop are considered (the base frame's descendants).
 */
export type Placement =
  { type: 'resume'; frame: StackFrame } | { type: 'child-of-waiting'; waiting: StackFrame } | { type: 'new'; parentFrameId: string | null };

export function placeCall(frames: readonly StackFrame[], tool: string, baseFrameId: string | null): Placement {
  const scoped = framesInScope(frames, baseFrameId);
  for (let index = scoped.length - 1; index >= 0; index -= 1) {
    const frame = scoped[index];
    if (!frame || frame.state !== 'waiting-tool') continue;
    if (frame.tool === tool) return { type: 'resume', frame };
    if (frame.waitingFor === tool) return { type: 'child-of-waiting', waiting: frame };
  }
  const innermost = [...scoped].reverse().find((frame) => frame.state === 'waiting-tool');
  return { type: 'new', parentFrameId: innermost?.frameId ?? baseFrameId };
}

/** The frames above `baseFrameId` (all frames when null). */
export function framesInScope(frames: readonly StackFrame[], baseFrameId: string | null): StackFrame[] {
  if (baseFrameId === null) return [...frames];
  const index = frames.findIndex((frame) => frame.frameId === baseFrameId);
  return index < 0 ? [] : frames.slice(index + 1);
}

/**
 * A frame's call finished without needing anything more: it pops. If the frame below it waited
 * for this tool, that requirement is met:
 * - it was waiting for input (a tool of type `ask_user`, e.g. collect_tool_parameters): the
 *   waiting tool still has to run with that input, so it now waits for its own tool (a call of
 *   it resumes the frame) — `[create_code, collect_tool_parameters] → [create_code]`;
 * - otherwise the waiting frame is complete and pops too — `[create_code, save_file] →
 *   [create_code] → []`, and so on down while frames wait for the tool that just completed.
 */
export function completeFrame(stack: ToolStack, tools: ToolRegistry, frameId: string): void {
  const frames = stack.frames();
  const frame = frames.find((candidate) => candidate.frameId === frameId);
  if (!frame) return;
  stack.update(frameId, { state: 'done', waitingFor: null });
  stack.pop(frameId);
  const parent = frames.find((candidate) => candidate.frameId === frame.parentFrameId);
  if (!parent || parent.state !== 'waiting-tool' || parent.waitingFor !== frame.tool) return;
  if (tools.get(frame.tool)?.info.type === 'ask_user') {
    stack.update(parent.frameId, { waitingFor: parent.tool });
    return;
  }
  completeFrame(stack, tools, parent.frameId);
}

/** A tool failure after its retry clears the stack: this loop's frames, or all at the top level. */
export function clearScope(stack: ToolStack, baseFrameId: string | null): void {
  if (baseFrameId === null) {
    stack.clear();
    return;
  }
  const first = framesInScope(stack.frames(), baseFrameId)[0];
  if (first) stack.pop(first.frameId);
}
