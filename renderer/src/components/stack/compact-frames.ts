import type { StackFrame } from '../../../../shared/tools/tool-stack';

/** Consecutive frames of the same tool in the same state, as one line ("Delegate Task × 19, levels 2–20"). */
export interface FrameRun {
  tool: string;
  state: StackFrame['state'];
  waitingFor: string | null;
  /** 1-based levels in the stack. */
  fromLevel: number;
  toLevel: number;
}

export function compactFrames(frames: readonly StackFrame[]): FrameRun[] {
  const runs: FrameRun[] = [];
  frames.forEach((frame, index) => {
    const last = runs.at(-1);
    if (last && last.tool === frame.tool && last.state === frame.state && last.waitingFor === frame.waitingFor) last.toLevel = index + 1;
    else runs.push({ tool: frame.tool, state: frame.state, waitingFor: frame.waitingFor, fromLevel: index + 1, toLevel: index + 1 });
  });
  return runs;
}
