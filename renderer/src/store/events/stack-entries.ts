import type { StackFrame } from '../../../../shared/tools/tool-stack';
import type { ConversationView, FrameDisplayState, FrameEntry, StackView, ToolOutcome } from './conversation-view';

/** The outcome of a tool call anywhere in the conversation, by call id. */
export function findToolOutcome(view: ConversationView, callId: string): ToolOutcome | null {
  for (let index = view.items.length - 1; index >= 0; index -= 1) {
    const item = view.items[index];
    if (item?.type !== 'assistant') continue;
    for (const part of item.parts) if (part.type === 'tool' && part.callId === callId) return part.outcome;
  }
  return null;
}

function stateFromOutcome(outcome: ToolOutcome | null): FrameDisplayState | null {
  if (!outcome) return null;
  switch (outcome.type) {
    case 'pending':
      return null;
    case 'result':
      return 'done';
    case 'error':
      // Denied, cancelled and skipped calls say so, as they do in the chat.
      return outcome.ending;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

function durationOf(outcome: ToolOutcome | null): number | null {
  return outcome && outcome.type !== 'pending' ? outcome.durationMs : null;
}

/** How a popped frame ended: its tool's outcome when known, else what it last said, else "cleared". */
function poppedState(entry: FrameEntry, outcome: ToolOutcome | null): FrameDisplayState {
  const fromOutcome = stateFromOutcome(outcome);
  if (fromOutcome) return fromOutcome;
  if (entry.state === 'done' || entry.state === 'failed') return entry.state;
  return 'cleared';
}

/** Apply a `stack` event: live frames replace their entries; frames that left the stack are kept as history. */
export function applyStackFrames(view: ConversationView, frames: StackFrame[], depthLimit: number): StackView {
  const live = new Map(frames.map((frame) => [frame.frameId, frame]));
  const entries: FrameEntry[] = view.stack.entries.map((entry) => {
    const frame = live.get(entry.frame.frameId);
    if (frame) return { ...entry, frame, active: true, state: frame.state };
    if (!entry.active) return entry;
    const outcome = findToolOutcome(view, entry.frame.callId);
    return { ...entry, active: false, state: poppedState(entry, outcome), durationMs: entry.durationMs ?? durationOf(outcome) };
  });
  const known = new Set(view.stack.entries.map((entry) => entry.frame.frameId));
  for (const frame of frames) {
    if (!known.has(frame.frameId)) entries.push({ frame, active: true, state: frame.state, durationMs: null });
  }
  return { entries, depthLimit };
}

/** A tool finished: its frame learns its duration, and a frame already popped learns how it ended. */
export function applyToolOutcome(stack: StackView, callId: string, outcome: ToolOutcome): StackView {
  if (!stack.entries.some((entry) => entry.frame.callId === callId)) return stack;
  const entries = stack.entries.map((entry) => {
    if (entry.frame.callId !== callId) return entry;
    const state = entry.active ? entry.state : (stateFromOutcome(outcome) ?? entry.state);
    return { ...entry, state, durationMs: durationOf(outcome) };
  });
  return { ...stack, entries };
}

/** A new run starts: frames that ended in earlier runs leave the panel; live ones stay. */
export function keepActiveEntries(stack: StackView): StackView {
  return { ...stack, entries: stack.entries.filter((entry) => entry.active) };
}

/** Frames still on the stack. */
export function activeFrames(stack: StackView): StackFrame[] {
  return stack.entries.filter((entry) => entry.active).map((entry) => entry.frame);
}
