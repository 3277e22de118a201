/** What a frame on the tool stack is doing right now. */
export type FrameState = 'running' | 'waiting-approval' | 'waiting-user' | 'waiting-tool' | 'done' | 'failed';

/** One active tool context (tool, context, timestamp). */
export interface StackFrame {
  frameId: string;
  /** The frame this one runs inside; null for frames directly above the user's request. */
  parentFrameId: string | null;
  tool: string;
  callId: string;
  state: FrameState;
  /** What the frame waits for, in words ("parameter collection", "save_file", "your answer"). */
  waitingFor: string | null;
  startedAt: number;
}
