import type { KnowledgePassage } from '../../../../shared/knowledge/knowledge';
import type { RecalledMemory } from '../../../../shared/memory/memory';
import type { ApprovalDecision, EventOf, ToolErrorEnding } from '../../../../shared/contract/events';
import type { JsonObject } from '../../../../shared/contract/json';
import type { StopReason } from '../../../../shared/conversations/stop-reason';
import type { FrameState, StackFrame } from '../../../../shared/tools/tool-stack';
import type { WorkflowFinishReason, WorkflowStepState, WorkflowStepType } from '../../../../shared/workflows/workflow';

/**
 * What the renderer shows of one conversation, built from its events by `applyEvents`. Plain data:
 * the same events give the same view, whether they arrived live or were read back from storage.
 */
export interface ConversationView {
  conversationId: string | null;
  items: ViewItem[];
  /** The run in progress, if any. */
  activeRunId: string | null;
  running: boolean;
  /** The current status sentence of the running run ("Reading the config file"). */
  status: string | null;
  stack: StackView;
}

export type ViewItem = UserItem | AssistantTurn | SystemNote;

export interface UserItem {
  type: 'user';
  id: string;
  text: string;
  at: number;
  /** Base64 images sent with the message (vision models). */
  images?: string[];
  /** MCP resources attached as chips (the model read their text; the view shows the chip). */
  resources?: ResourceChip[];
}

/** An attached MCP resource as the composer and the message show it. */
export interface ResourceChip {
  server: string;
  uri: string;
  name: string;
  /** Characters of text the model reads. */
  chars: number;
  truncated: boolean;
}

export interface SystemNote {
  type: 'system-note';
  id: string;
  command: string;
  output: string;
  at: number;
}

export interface AssistantTurn {
  type: 'assistant';
  id: string;
  runId: string;
  model: string | null;
  goal: string | null;
  startedAt: number | null;
  parts: TurnPart[];
  usage: UsageView | null;
  finish: FinishView | null;
  /** Present when the run is a workflow: its steps, their states, an open confirm. */
  workflow?: WorkflowView;
  /** The tools the latest model request of this run carried (absent before the first request). */
  offered?: OfferedView;
  /** Notes from memory recalled into this run's prompt ("Remembered: …"); absent when none. */
  remembered?: RecalledMemory[];
  /** Passages search_knowledge put in this run's context, by the number the answer cites; absent when none. */
  passages?: KnowledgePassage[];
}

export interface WorkflowStepView {
  index: number;
  stepType: WorkflowStepType;
  title: string;
  state: WorkflowStepState | 'pending';
  summary: string | null;
}

export interface WorkflowView {
  workflowId: string;
  name: string;
  steps: WorkflowStepView[];
  /** The confirm step waiting for the user (or answered: `accepted` set). */
  confirm: { confirmId: string; index: number; message: string; accepted: boolean | null } | null;
  finish: { reason: WorkflowFinishReason; message: string } | null;
}

/** One `tools-offered` event: which tools went out, of how many, and whether they were narrowed. */
export interface OfferedView {
  offered: string[];
  total: number;
  narrowed: boolean;
  ranker: 'lexical' | 'embedding';
}

export interface UsageView {
  promptTokens: number;
  completionTokens: number;
  tokensPerSecond: number | null;
  contextTokens: number;
  contextTruncated: boolean;
  /** A step of this run whose prompt filled the context window (prompt_eval_count reached num_ctx): its numbers. */
  truncation?: { promptTokens: number; contextTokens: number };
}

export interface FinishView {
  reason: StopReason;
  message: string;
  error: string | null;
  at: number;
}

export type ToolOutcome =
  | { type: 'pending' }
  | { type: 'result'; result: string; truncated: boolean; durationMs: number; images?: string[] }
  | { type: 'error'; error: string; durationMs: number; ending: ToolErrorEnding };

export type TurnPart =
  | { type: 'text'; id: string; text: string }
  | { type: 'thinking'; id: string; text: string }
  | {
      type: 'tool';
      id: string;
      callId: string;
      tool: string;
      args: JsonObject;
      frameId: string | null;
      /** The delegate_task frame whose helper made this call (absent for the run's own calls): the timeline draws it inside that call. */
      delegateFrameId?: string;
      at: number;
      outcome: ToolOutcome;
      /** The last progress a long call reported (MCP progress notifications), while it runs. */
      progress?: ToolProgressView;
    }
  /** An approval card: the request as main sent it (scope and warning are absent in events from older versions), and the answer once given. */
  | (Omit<EventOf<'approval-request'>, 'type' | 'runId' | 'conversationId'> & {
      type: 'approval';
      id: string;
      resolution: ApprovalDecision | 'timeout' | null;
    })
  | { type: 'question'; id: string; questionId: string; callId: string; question: string; answer: string | null }
  | {
      type: 'depth';
      id: string;
      depth: number;
      limit: number;
      frames: StackFrame[];
      decision: 'continue' | 'cancel' | null;
      grantedLimit: number | null;
    }
  | { type: 'stop'; id: string; reason: StopReason; message: string; error: string | null };

/** A `tool-progress` event as the tool row and the stack frame show it. */
export interface ToolProgressView {
  progress: number;
  total: number | null;
  message: string | null;
}

export type TurnPartType = TurnPart['type'];

/**
 * A frame as the panel shows it: live frames from the last `stack` event, popped ones with how they
 * ended, in the words the chat uses for the call (a denied or cancelled call is not "failed").
 */
export type FrameDisplayState = FrameState | 'cleared' | Exclude<ToolErrorEnding, 'failed'>;

export interface FrameEntry {
  frame: StackFrame;
  active: boolean;
  state: FrameDisplayState;
  /** From the frame's tool result or error, once known. */
  durationMs: number | null;
}

export interface StackView {
  /** Every frame seen since the current run started, in first-seen order. */
  entries: FrameEntry[];
  depthLimit: number | null;
}

export function emptyView(conversationId: string | null): ConversationView {
  return { conversationId, items: [], activeRunId: null, running: false, status: null, stack: { entries: [], depthLimit: null } };
}
