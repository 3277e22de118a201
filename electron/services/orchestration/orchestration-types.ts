import type { ApprovalDecision, EventOf } from '../../../shared/contract/events';
import type { FrameState, StackFrame } from '../../../shared/tools/tool-stack';

/**
 * Seams between the agent loop and the things that wait on the user. The loop only sees these
 * interfaces; the app services wire UI-backed implementations, the CLI wires flag-backed ones.
 */

/** What a tool call asks the user: the `approval-request` event without what the gate adds (its id and deadline). */
export type ApprovalRequest = Omit<EventOf<'approval-request'>, 'type' | 'approvalId' | 'expiresAt'>;

export interface ApprovalGate {
  /** Resolves with the user's decision; 'timeout' after the approval timeout; rejects only when `signal` aborts. */
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision | 'timeout'>;
}

export interface QuestionRequest {
  runId: string;
  conversationId: string;
  callId: string;
  question: string;
}

export interface QuestionGate {
  /** Resolves with the user's answer; rejects only when `signal` aborts. */
  ask(request: QuestionRequest, signal: AbortSignal): Promise<string>;
}

export interface DepthLimitRequest {
  runId: string;
  conversationId: string;
  depth: number;
  limit: number;
  frames: StackFrame[];
}

export interface DepthGate {
  /** Continue grants another step of levels; cancel ends the run with `cancelled`. */
  decide(request: DepthLimitRequest, signal: AbortSignal): Promise<'continue' | 'cancel'>;
}

/** The tool stack of one run. */
export interface ToolStack {
  push(input: { tool: string; callId: string; parentFrameId: string | null; waitingFor?: string | null; state?: FrameState }): StackFrame;
  update(frameId: string, patch: { state?: FrameState; waitingFor?: string | null }): void;
  /** Removes the frame and any frames above it. */
  pop(frameId: string): void;
  clear(): void;
  frames(): StackFrame[];
  depth(): number;
  /** Called after every change with the full list of frames. */
  onChange(listener: (frames: StackFrame[]) => void): () => void;
  /** The "Current tool context:" block for the system prompt, or null while empty. */
  contextPrompt(originalRequest: string): string | null;
}
