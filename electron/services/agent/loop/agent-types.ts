import type { WebSearch } from '../../web-search/web-search';
import type { AlwaysAllowedTools } from '../../mcp/tools/always-allowed-tools';
import type { DocumentIndex } from '../../documents/search/document-index';
import type { RunKnowledge } from '../../knowledge/run-knowledge';
import type { SkillCatalog } from '../../skills/skill-library';
import type { VersionStore } from '../../documents/versions/version-store';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { Limits, Settings, ToolApproval } from '../../../../shared/settings/settings';
import type { RecalledMemory } from '../../../../shared/memory/memory';
import type { StopReason } from '../../../../shared/conversations/stop-reason';
import type { CommandSandbox, MemoryStore, ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import type { ApprovalGate, DepthGate, QuestionGate, ToolStack } from '../../orchestration/orchestration-types';
import type { ChatMessage, ChatProvider, ModelOptions } from '../../provider/provider-types';
import type { AttachedResource } from '../../../../shared/mcp/mcp-resources';
import type { ToolMode } from '../../../../shared/probe/probe-report';
import type { SpanSink } from './round-spans';

/**
 * A conversation's own options, as one object from the stored conversation to each step: the
 * model parameters (num_ctx used as it is instead of the one worked out from the model; temperature
 * and keep_alive passed to Ollama) and the system prompt, which replaces TACO's opening
 * instructions (tool guidance and context stay).
 */
export interface ConversationRunOptions extends ModelOptions {
  systemPrompt?: string;
  /** The conversation's project's own instructions, added after the opening instructions of the main run. */
  projectInstructions?: { project: string; text: string };
  /** The only tools the run may offer and run (a preset's list); absent: every tool in `tools`. */
  allowedTools?: readonly string[];
  /** 'prompt' sends no `tools` and asks for calls in the prompt-based JSON format even when the model takes tools (its tuned setting). */
  toolMode?: ToolMode;
}

/** Everything one run of the agent loop needs. Built by the app services (or the CLI, or a test). */
export interface AgentRunInput {
  runId: string;
  conversationId: string;
  model: string;
  /** Earlier turns of the conversation, oldest first (no system prompt). */
  history: ChatMessage[];
  /** The user's message that starts this run (the goal). */
  userText: string;
  /** Images attached to that message (base64), for vision models. */
  userImages?: readonly string[];
  /** MCP resources attached to that message: the model reads their text after it. */
  userResources?: readonly AttachedResource[];
  provider: ChatProvider;
  tools: ToolRegistry;
  limits: Limits;
  /** Upper bound on num_ctx (the user's setting); the model's own context length is used when smaller. */
  maxContextTokens?: number;
  /** The conversation's own options (conversation.setOptions); absent: the app's defaults. */
  conversation?: ConversationRunOptions;
  /** Tools per model request when more are enabled (settings.toolBudget); 0 or absent offers all. */
  toolBudget?: number;
  /**
   * The prompt-based format asks the server's grammar for one offered call or an answer
   * (DEFAULTS.agent.constrainedPromptFormat when absent); the model check turns it off to show its effect.
   */
  constrainedPromptFormat?: boolean;
  /** The tools the conversation's previous run offered, in order: this run's requests start with them while they fit. */
  offeredBefore?: readonly string[];
  /** Ollama embedding model that ranks the tools (settings.embeddingModel); '' or absent ranks by keywords. */
  embeddingModel?: string;
  /** Per-risk approval policy: tools that require approval are asked about unless their risk is 'allow'. */
  approvalPolicy: Settings['approvals'];
  /**
   * Per-tool overrides (settings.toolApprovals): 'allow' never asks, 'ask' always asks, 'never' is
   * never offered nor run; absent tools follow approvalPolicy.
   */
  toolApprovals?: Readonly<Record<string, ToolApproval>>;
  /** Absolute workspace folder, or null. */
  workspace: string | null;
  /** settings.allowPrivateNetworkFetch: fetch_url may reach loopback/private addresses (default false). */
  allowPrivateNetworkFetch?: boolean;
  /** run_command's OS sandbox (electron/sandbox/command-sandbox.ts); absent: commands run as they are (tests of the loop alone). */
  commandSandbox?: CommandSandbox;
  /** settings.sandbox.runScratchCommandsWithoutAsking: a command that would ask runs unasked in the scratch sandbox instead. */
  runScratchCommandsWithoutAsking?: boolean;
  /** save_memory and recall_memory, bound to the conversation's project (memory-book.ts `forProject`). */
  memory: MemoryStore;
  /** Notes recalled for this turn (memory-book.ts `recallForTurn`): the main loop's system prompt carries them, fenced. */
  recalledMemories?: readonly RecalledMemory[];
  /** Keeps the content a tool's write replaces (undo, the Documents panel); absent: writes are not versioned. */
  versions?: VersionStore;
  /** The conversation's document records (list_documents, search_documents, documents passed between agents). */
  documents?: DocumentIndex;
  /** search_web's service (Settings → web search); absent: off. */
  webSearch?: WebSearch;
  /** The user's knowledge folders (search_knowledge); absent: none added. */
  knowledge?: RunKnowledge;
  /** The skills read for this run (electron/services/skills); absent: none. */
  skills?: SkillCatalog;
  approvals: ApprovalGate;
  questions: QuestionGate;
  depth: DepthGate;
  /** The conversation's tool stack: it outlives a run while frames wait for the user. */
  stack: ToolStack;
  /** Tools the user has allowed for this conversation ("Allow for this conversation"). */
  allowedForConversation: Set<string>;
  /** MCP tools the user always allows, bound to their definition (always-allowed-tools.ts); absent: none. */
  alwaysAllowed?: AlwaysAllowedTools;
  /** Every event of the run, in order. The caller batches them for the renderer. */
  emit: (event: TacoEvent) => void;
  /** Aborted by Stop, /cancel or shutdown. */
  signal: AbortSignal;
  /** Injected clock for tests; defaults to Date.now. */
  now?: () => number;
  /** The per-round breakdown's recorder (bench only, round-spans.ts); absent: no span is timed. */
  onSpan?: SpanSink;
}

export interface AgentRunOutcome {
  reason: StopReason;
  /** Messages this run added to the model's history (assistant, tool), for the next turn. */
  messages: ChatMessage[];
}

/** What the loop tells the run's lifecycle: the outcome, and what went wrong for `provider_error` (null otherwise). */
export interface AgentLoopOutcome extends AgentRunOutcome {
  error: string | null;
  /** Words put before the stop reason's description in `run-finish` (a workflow says which step stopped it). */
  finishNote?: string;
}
