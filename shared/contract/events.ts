import type { SandboxNotice } from '../approvals/sandbox-notice';
import type { ConversationSummary } from '../conversations/conversation-summary';
import type { JsonObject } from './json';
import type { McpServerView } from '../mcp/mcp';
import type { ElicitationAction, McpElicitationRequest } from '../mcp/mcp-elicitation';
import type { AttachedResource } from '../mcp/mcp-resources';
import type { Risk } from '../settings/settings';
import type { StackFrame } from '../tools/tool-stack';
import type { StopReason } from '../conversations/stop-reason';
import type { ModelCheckProgress } from '../probe/model-check';
import type { ProbeReport } from '../probe/probe-report';
import type { Project } from '../projects/projects';
import type { RecalledMemory } from '../memory/memory';
import type { KnowledgePassage } from '../knowledge/knowledge';
import type { KnowledgeFolderView } from '../knowledge/knowledge-folders';
import type { DownloadView } from '../engine/model-library';
import type { ToolType } from '../tools/tool-info';
import type { WorkflowFinishReason, WorkflowParamValues, WorkflowStepState, WorkflowStepType } from '../workflows/workflow';

/** How a call without a result ended (the row's chip: Failed, Denied, Cancelled, Skipped). */
export const TOOL_ERROR_ENDINGS = ['failed', 'denied', 'cancelled', 'skipped'] as const;
export type ToolErrorEnding = (typeof TOOL_ERROR_ENDINGS)[number];

/** One call of a batch: the batch's id, this call's place in it, and how many calls it holds. */
export interface ApprovalBatch {
  batchId: string;
  index: number;
  size: number;
}

/** How the user answered an approval card. */
export type ApprovalDecision = 'allow-once' | 'allow-conversation' | 'allow-tool' | 'deny';

interface RunScoped {
  runId: string;
  conversationId: string;
}

/**
 * Everything main tells the renderer (and the CLI prints, and the timeline stores): one union,
 * `type` in kebab-case. Applying these in order to an empty conversation rebuilds its view.
 */
export type TacoEvent =
  // Conversation-level: the user's side of the timeline.
  | {
      type: 'user-message';
      conversationId: string;
      messageId: string;
      text: string;
      at: number;
      /** Images attached for a vision model: base64 PNG/JPEG/WebP/GIF, as Ollama takes them. Absent when none. */
      images?: string[];
      /** MCP resources attached as chips: shown by name, their text read by the model after `text`. Absent when none. */
      resources?: AttachedResource[];
    }
  | { type: 'command-output'; conversationId: string; command: string; output: string; at: number }
  /**
   * Edit and regenerate: the user message `messageId`, written right after this, is a new sibling of
   * `fromMessageId` (a branch); the view withdraws the message and everything after it until the new
   * one arrives. Nothing is deleted. (`messageId` is absent in timelines written before branches:
   * the next user message is the sibling.)
   */
  | { type: 'timeline-rewound'; conversationId: string; fromMessageId: string; messageId?: string; at: number }
  /** The user chose the branch of `messageId` (one of a message's siblings); the view follows it. */
  | { type: 'branch-selected'; conversationId: string; messageId: string; at: number }
  /** Title, pin, model or options changed; the sidebar shows the new summary. */
  | { type: 'conversation-updated'; conversationId: string; summary: ConversationSummary }
  // Run-level.
  | (RunScoped & { type: 'run-start'; model: string; goal: string; startedAt: number })
  | (RunScoped & { type: 'text-delta'; text: string })
  | (RunScoped & { type: 'thinking-delta'; text: string })
  | (RunScoped & { type: 'status'; text: string })
  | (RunScoped & {
      type: 'tool-call';
      callId: string;
      tool: string;
      /** The catalogue type of the tool (function, non_function, handoff, ...); null for an unknown tool. */
      toolType: ToolType | null;
      args: JsonObject;
      /** The stack frame the call ran in; null when it was refused before running. */
      frameId: string | null;
      /** The delegate_task frame whose helper agent made this call; absent for the run's own calls (and in older events). */
      delegateFrameId?: string;
      at: number;
    })
  | (RunScoped & {
      type: 'tool-result';
      callId: string;
      tool: string;
      result: string;
      truncated: boolean;
      durationMs: number;
      /** Base64 PNG/JPEG images the tool returned (MCP image content); absent when none. */
      images?: string[];
    })
  /** Progress notifications of a long MCP call, shown in the tool row and the stack frame. */
  | (RunScoped & { type: 'tool-progress'; callId: string; progress: number; total: number | null; message: string | null; at: number })
  /**
   * A call that ended without a result. `ending` says how (absent in events from older versions:
   * shown as failed): it failed (the tool threw, the model's call was invalid), the user denied it,
   * the run was cancelled, or it was skipped without running (a repeated call).
   */
  | (RunScoped & { type: 'tool-error'; callId: string; tool: string; error: string; durationMs: number; ending?: ToolErrorEnding })
  | (RunScoped & { type: 'stack'; frames: StackFrame[]; depthLimit: number })
  | (RunScoped & {
      type: 'approval-request';
      approvalId: string;
      callId: string;
      tool: string;
      args: JsonObject;
      risk: Risk;
      /** For writes: a unified diff against the current file. */
      preview: string | null;
      /** What "Allow for this conversation" allows ("`npm test`", an origin, a path); null: only this call can be allowed. */
      scope?: string | null;
      /** True when "Always allow this tool" is offered (an MCP tool as reviewed, no warning): main keeps the grant. */
      alwaysAllow?: boolean;
      /** A warning shown with the card (a write that can make programs run); absent or null when none. */
      warning?: string | null;
      /**
       * What the OS sandbox lets this call do, in main's words ("Can change only your workspace ·
       * no network", or "Runs with your full rights — no sandbox on this system"); absent for a
       * call that does not run in it.
       */
      sandbox?: SandboxNotice;
      expiresAt: number;
      /** Set when one model turn asked for several calls that need approval: they share one card. */
      batch?: ApprovalBatch;
      /** Asked by an MCP app (a call from its frame, not the model): drawn in its call's turn and answerable after that run ended. */
      fromApp?: boolean;
    })
  | (RunScoped & { type: 'approval-resolved'; approvalId: string; decision: ApprovalDecision | 'timeout' })
  | (RunScoped & { type: 'depth-limit'; depth: number; limit: number; frames: StackFrame[] })
  | (RunScoped & { type: 'depth-resolved'; decision: 'continue' | 'cancel'; limit: number })
  | (RunScoped & { type: 'question'; questionId: string; callId: string; question: string })
  | (RunScoped & { type: 'question-answered'; questionId: string; answer: string })
  | (RunScoped & {
      type: 'usage';
      promptTokens: number;
      completionTokens: number;
      /** Generation speed of the last step: eval_count / eval_duration. */
      tokensPerSecond: number | null;
      /** num_ctx the request was sent with. */
      contextTokens: number;
      /** Ollama evaluated far fewer prompt tokens than we sent: it cut the context. */
      contextTruncated: boolean;
      /**
       * The prompt filled the window: promptTokens >= contextTokens (within a small margin), so
       * Ollama dropped the start of the prompt, tool definitions included. Absent when it did not.
       */
      truncated?: true;
    })
  /** The tools one model request carried: all of them, or (narrowed) the ones ranked most relevant. */
  | (RunScoped & {
      type: 'tools-offered';
      offered: string[];
      /** Tools enabled in all (find_tools included; it is left out when every other tool fits the budget). */
      total: number;
      /** Ranked down to the budget: more tools were enabled than the toolBudget setting allows. */
      narrowed: boolean;
      ranker: 'lexical' | 'embedding';
    })
  /** Notes from memory recalled into this run's prompt (memory-book.ts): the turn shows them as "Remembered: …". */
  | (RunScoped & { type: 'memories-recalled'; memories: RecalledMemory[] })
  /** Passages search_knowledge put in the run's context, numbered as the answer cites them ([1], [2]); the turn shows "Used N passages". */
  | (RunScoped & { type: 'knowledge-used'; passages: KnowledgePassage[] })
  | (RunScoped & { type: 'run-finish'; reason: StopReason; message: string; error: string | null; at: number })
  // Workflows (user-invoked actions run as one run): the steps and their states, and confirm steps.
  | (RunScoped & {
      type: 'workflow-start';
      workflowId: string;
      name: string;
      params: WorkflowParamValues;
      steps: Array<{ index: number; stepType: WorkflowStepType; title: string }>;
      at: number;
    })
  | (RunScoped & {
      type: 'workflow-step';
      index: number;
      stepType: WorkflowStepType;
      state: WorkflowStepState;
      /** The step's output (or why it failed), shortened; null while running. */
      summary: string | null;
      at: number;
    })
  | (RunScoped & { type: 'workflow-confirm'; confirmId: string; index: number; message: string })
  | (RunScoped & { type: 'workflow-confirmed'; confirmId: string; accepted: boolean })
  | (RunScoped & { type: 'workflow-finish'; workflowId: string; reason: WorkflowFinishReason; message: string; at: number });

export type TacoEventType = TacoEvent['type'];

/** Events about models and MCP servers rather than a conversation (never stored in a timeline). */
export type ModelEvent =
  | {
      type: 'pull-progress';
      pullId: string;
      model: string;
      status: string;
      completedBytes: number | null;
      totalBytes: number | null;
      done: boolean;
      error: string | null;
    }
  /** A built-in engine model download moved on, paused, failed or finished (throttled by main). */
  | { type: 'engine-download'; download: DownloadView }
  /** "Check this model" moved on: tries done of those planned, and the time left at the pace so far. */
  | { type: 'model-check-progress'; progress: ModelCheckProgress }
  /** A check ended: its report, or why not (cancelled, failed); a cancelled check resumes where it stopped. */
  | { type: 'model-check-finished'; checkId: string; model: string; report: ProbeReport | null; error: string | null; cancelled: boolean }
  /** An MCP server changed: status, tool list, config or a restart. The renderer replaces its view of it. */
  | { type: 'mcp-status'; server: McpServerView }
  /** An MCP server asks the user to fill a form during a tool call (live only: never in the timeline). */
  | { type: 'mcp-elicitation'; request: McpElicitationRequest }
  /** A sign-in the user started opened this authorization page (Electron: already in the browser; a browser page opens a tab). */
  | { type: 'mcp-sign-in'; server: string; url: string }
  /** The projects changed (created, edited, removed): the whole list, which the window shows as it is. */
  | { type: 'projects-changed'; projects: Project[] }
  /** The knowledge folders or their indexing moved on: the whole list, as Settings → Knowledge shows it (throttled by main). */
  | { type: 'knowledge-status'; folders: KnowledgeFolderView[] }
  /** That form was answered, or withdrawn (cancel); the values are not repeated. */
  | { type: 'mcp-elicitation-closed'; elicitationId: string; conversationId: string; action: ElicitationAction };
/** A model pull's progress on the model-events channel. */
export type EngineDownloadEvent = Extract<ModelEvent, { type: 'engine-download' }>;
export type PullProgressEvent = Extract<ModelEvent, { type: 'pull-progress' }>;
export type McpStatusEvent = Extract<ModelEvent, { type: 'mcp-status' }>;
export type EventOf<T extends TacoEventType> = Extract<TacoEvent, { type: T }>;
export type RunEvent = Extract<TacoEvent, RunScoped>;
