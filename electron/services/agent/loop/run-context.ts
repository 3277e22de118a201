import type { RunEvent } from '../../../../shared/contract/events';
import type { HandoffPayload, RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import type { ChatMessage } from '../../provider/provider-types';
import type { AgentRunInput } from './agent-types';
import type { OutputBudget } from '../context/output-budget';
import type { RunCounters } from './run-counters';
import type { AbortCause } from './run-signal';
import type { ToolMode } from '../context/prompt/system-prompt';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A run event without the ids every run event carries. */
export type RunEventBody = DistributiveOmit<RunEvent, 'runId' | 'conversationId'>;

/** What the main run and its sub-agents share: the input, the signal, the model, the depth limit. */
export interface RunShared {
  input: AgentRunInput;
  now: () => number;
  /** Aborted by the caller's signal or by the run timeout. */
  signal: AbortSignal;
  abortCause(): AbortCause | null;
  /** Stops the whole run with `cancelled` (Cancel at the depth prompt). */
  cancelRun(): void;
  mode: ToolMode;
  /** Set when the server ignored the constrained format once: later steps are sent without it. */
  formatIgnored?: boolean;
  tools: RegisteredTool[];
  /** The recalled notes as the main loop's system prompt carries them (one fence per run, so every step's prompt is the same); null: none. */
  memorySection: string | null;
  /** The passages found for the user's message when the conversation searches on every message (knowledge-section.ts); null: none. */
  knowledgeSection: string | null;
  /** The model's own context length (from /api/show), or null. */
  modelContextTokens: number | null;
  /** The model reads images: images a tool returned (MCP) go to it with the result. */
  vision?: boolean;
  /** num_ctx we fit the history to; updated from each step's usage. */
  numCtx: number;
  /** The depth at which the next push pauses the run; raised by each Continue. */
  depthLimit: number;
  nextCallId(): string;
  /** The last status shown, so the same one is not sent twice in a row. */
  lastStatus: string | null;
  emit(event: RunEventBody): void;
  /** Runs a delegated sub-agent whose calls stack above `parentFrameId`. */
  delegate(parentFrameId: string, task: string, documents: string[]): Promise<HandoffPayload>;
}

/** One loop: the main run, or one delegated sub-agent. */
export interface LoopScope {
  role: 'main' | 'sub-agent';
  /** The user's request (or the delegated task): the stack's "Original request". */
  goal: string;
  /** Earlier turns, already in the loop's tool format. */
  earlier: ChatMessage[];
  /** The message that starts this loop. */
  current: ChatMessage;
  /** Messages this loop added, in order. */
  messages: ChatMessage[];
  /** Frames of this loop's calls stack above this frame (null: directly above the request). */
  baseFrameId: string | null;
  budget: OutputBudget;
  counters: RunCounters;
  /** The main run streams its text; a sub-agent's text becomes its parent's tool result. */
  showText: boolean;
  /** Tokens kept free beyond the reply reserve when fitting (a reply was cut by a full context). */
  fitReserveTokens?: number;
  /**
   * The tools this loop's last model request offered (none for a request without tools): its calls
   * may use only these (`callTarget`). Null before the first request (a workflow's direct call).
   */
  offered: RegisteredTool[] | null;
}

export function emitStatus(shared: RunShared, text: string): void {
  if (shared.lastStatus === text) return;
  shared.lastStatus = text;
  shared.emit({ type: 'status', text });
}

/** Turns a body into a full event of this run. */
export function withRunIds(input: Pick<AgentRunInput, 'runId' | 'conversationId'>, body: RunEventBody): RunEvent {
  return { ...body, runId: input.runId, conversationId: input.conversationId };
}
