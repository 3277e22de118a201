import { randomUUID } from 'node:crypto';
import type { FrameState, StackFrame } from '../../../shared/tools/tool-stack';
import { formatContextPrompt } from './context-prompt';
import type { ToolStack } from './orchestration-types';

export interface ToolStackOptions {
  now?: () => number;
  newId?: () => string;
}

/**
 * The tool stack of one conversation: the user's request is the root,
 * each active tool context is a frame, the last frame is the top. Frames are copied in and out,
 * so no caller can change the stack behind its back.
 */
export function createToolStack(options: ToolStackOptions = {}): ToolStack {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  let frames: StackFrame[] = [];
  const listeners = new Set<(frames: StackFrame[]) => void>();

  const snapshot = (): StackFrame[] => frames.map((frame) => ({ ...frame }));
  const changed = (): void => {
    for (const listener of [...listeners]) listener(snapshot());
  };

  return {
    push(input) {
      const frame: StackFrame = {
        frameId: newId(),
        parentFrameId: input.parentFrameId,
        tool: input.tool,
        callId: input.callId,
        state: input.state ?? 'running',
        waitingFor: input.waitingFor ?? null,
        startedAt: now(),
      };
      frames = [...frames, frame];
      changed();
      return { ...frame };
    },

    update(frameId, patch) {
      const index = frames.findIndex((frame) => frame.frameId === frameId);
      const current = frames[index];
      if (!current) return;
      const next: StackFrame = {
        ...current,
        state: patch.state ?? current.state,
        waitingFor: patch.waitingFor === undefined ? current.waitingFor : patch.waitingFor,
      };
      if (next.state === current.state && next.waitingFor === current.waitingFor) return;
      frames = frames.map((frame, i) => (i === index ? next : frame));
      changed();
    },

    pop(frameId) {
      const index = frames.findIndex((frame) => frame.frameId === frameId);
      if (index < 0) return;
      frames = frames.slice(0, index);
      changed();
    },

    clear() {
      if (frames.length === 0) return;
      frames = [];
      changed();
    },

    frames: snapshot,

    depth: () => frames.length,

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    contextPrompt: (originalRequest) => formatContextPrompt(frames, originalRequest),
  };
}

/** States in which a frame still holds the task open (used by /status and the empty-input prompt). */
export function isWaitingState(state: FrameState): boolean {
  switch (state) {
    case 'waiting-approval':
    case 'waiting-user':
    case 'waiting-tool':
      return true;
    case 'running':
    case 'done':
    case 'failed':
      return false;
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}
