/**
 * Every behaviour-altering default lives here. Settings start from these values; the CLI's flags
 * and the settings screen override them. Nothing else in the tree hard-codes a limit.
 */
import { AGENT_DEFAULTS } from './defaults/agent/agent';
import { TOOL_SELECTION_DEFAULTS } from './defaults/agent/tool-selection';
import { AGENT_PERF_DEFAULTS } from './defaults/agent/agent-perf';
import { ORCHESTRATION_DEFAULTS } from './defaults/agent/orchestration';
import { DIFF_DEFAULTS } from './defaults/diff';
import { TOOLS_DEFAULTS } from './defaults/agent/tools';
import { SANDBOX_DEFAULTS } from './defaults/sandbox';
import { MODEL_ADMIN_DEFAULTS } from './defaults/models/model-admin';
import { SERVERS_DEFAULTS } from './defaults/models/servers';
import { MODELS_DEFAULTS } from './defaults/models/models';
import { CONTEXT_METER_DEFAULTS } from './defaults/agent/context-meter';
import { MCP_DEFAULTS } from './defaults/mcp/mcp';
import { MCP_APPS_DEFAULTS } from './defaults/mcp/mcp-apps';
import { APP_DEFAULTS } from './defaults/app';
import { TITLES_DEFAULTS } from './defaults/titles';
import { STORE_DEFAULTS } from './defaults/store';
import { WEB_SEARCH_DEFAULTS } from './defaults/web-search';
import { DOCUMENTS_DEFAULTS } from './defaults/documents';
import { MODEL_CHECK_DEFAULTS } from './defaults/models/model-check';
import { FOREIGN_IMPORT_DEFAULTS } from './defaults/foreign-import';
import { WEB_HOST_DEFAULTS } from './defaults/web-host';
import { SYSTEM_PROMPTS_DEFAULTS } from './defaults/system-prompts';
import { MEMORY_DEFAULTS } from './defaults/memory';
import { PROJECTS_DEFAULTS } from './defaults/projects';
import { SKILLS_DEFAULTS } from './defaults/mcp/skills';
import { GATEWAY_DEFAULTS } from './defaults/gateway';
import { WINDOW_DEFAULTS } from './defaults/window';
import { RENDERER_STORE_DEFAULTS } from './defaults/renderer/renderer-store';
import { RENDERER_TIMELINE_DEFAULTS } from './defaults/renderer/renderer-timeline';
import { RENDERER_DIFF_DEFAULTS } from './defaults/renderer/renderer-diff';
import { RENDERER_LAYOUT_DEFAULTS } from './defaults/renderer/renderer-layout';
import { RENDERER_TRANSPORT_DEFAULTS } from './defaults/renderer/renderer-transport';
import { RENDERER_CONVERSATIONS_DEFAULTS } from './defaults/renderer/renderer-conversations';
import { RENDERER_DIAGRAMS_DEFAULTS } from './defaults/renderer/renderer-diagrams';
import { RENDERER_ARTIFACTS_DEFAULTS } from './defaults/renderer/renderer-artifacts';
import { RENDERER_MATH_DEFAULTS } from './defaults/renderer/renderer-math';
import { RENDERER_MARKDOWN_DEFAULTS } from './defaults/renderer/renderer-markdown';
import { IMAGES_DEFAULTS } from './defaults/images';
import { SIDEBAR_LIST_DEFAULTS } from './defaults/sidebar-list';
import { MESSAGE_LIST_DEFAULTS } from './defaults/message-list';
import { WORKFLOWS_DEFAULTS } from './defaults/workflows';
import { ENGINE_LIBRARY_DEFAULTS } from './defaults/models/engine-library';
import { KNOWLEDGE_DEFAULTS } from './defaults/knowledge';
import { ENGINE_DEFAULTS } from './defaults/models/engine';

export const DEFAULTS = {
  // ── The run: what the user can change in Settings or with CLI flags ─────────────────────────────────

  /** Where Ollama listens when neither a setting, a flag nor OLLAMA_HOST says otherwise. */
  ollamaHost: 'http://127.0.0.1:11434',
  /** Upper bound on `options.num_ctx`: the model's own context length is used when smaller. */
  maxContextTokens: 8192,
  /** num_ctx when /api/show does not report a context length. */
  fallbackContextTokens: 4096,
  /**
   * Tool rounds before the loop asks the model for a summary and stops. The design documents
   * disagree: sequential-tool-calling says 10, tool-execution-loop 12. 10, deliberately (see
   * ARCHITECTURE.md, "Deliberate differences from the design documents").
   */
  maxIterations: 10,
  /**
   * Tool errors in a row that stop the run (sequential-tool-calling says 3). An unknown tool is one
   * of these errors, fed back with the closest names, not the immediate stop that document lists.
   */
  maxConsecutiveErrors: 3,
  /**
   * Whole-run budget: sequential-tool-calling says 2 minutes, agent-mode suggests 5. 2 minutes,
   * deliberately (see ARCHITECTURE.md, "Deliberate differences from the design documents").
   */
  runTimeoutMs: 120_000,
  /** Same call repeated this many times in a row stops the run (2nd is refused, 3rd stops). */
  repeatedCallStopAt: 3,
  /** Failed parses of the prompt-based JSON format in a row that stop the run. */
  maxConsecutiveParseFailures: 3,
  /** Tool stack depth at which the run pauses and asks Continue or Cancel (the design documents say 20). */
  depthLimit: 20,
  /** Levels granted by each Continue at the depth prompt (the design documents say 20). */
  depthLimitStep: 20,
  /** Characters of tool output per user turn, shared by all tools (the design documents say 6000). */
  toolOutputBudgetChars: 6000,
  /** Per-tool cap before the shared budget applies (list_directory 5000, delegate_task 5000: its result carries the helper's documents; load_skill 5000: a skill's instructions; others 2000). */
  toolOutputLimitChars: { default: 2000, list_directory: 5000, delegate_task: 5000, load_skill: 5000 } as Readonly<Record<string, number>>,
  /** Context length at or above which the tool output budget scales up. */
  largeContextTokens: 32_768,
  /** Side request that turns a tool call into a sentence (2 s, ≤ 10 words, 20 tokens). */
  statusSentenceBudgetMs: 2000,
  statusSentenceMaxTokens: 20,
  statusSentenceMaxWords: 10,
  /** An approval nobody answers within this time is a denial. */
  approvalTimeoutMs: 5 * 60_000,
  /**
   * Tools offered per model request when more are enabled (the rest are ranked out); 0 offers all.
   * Small models choose badly past a few dozen tools.
   */
  toolBudget: 16,
  /** Ollama embedding model used to rank tools ('' ranks by keywords, BM25). */
  embeddingModel: '',

  // ── Main process: the agent loop, orchestration, tools, model provider and admin ────────────────────

  agent: AGENT_DEFAULTS,

  toolSelection: TOOL_SELECTION_DEFAULTS,

  /**
   * The prompt filled the window: prompt_eval_count >= num_ctx minus this many tokens means Ollama
   * most likely dropped the start of the prompt (tool definitions included).
   */
  truncationMarginTokens: 16,
  /**
   * Ollama's default num_keep (api/types.go DefaultOptions): the tokens its runner keeps at the
   * start when it cuts an over-long prompt; one more when the tokenizer adds BOS.
   */
  ollamaNumKeep: 4,

  agentPerf: AGENT_PERF_DEFAULTS,

  orchestration: ORCHESTRATION_DEFAULTS,

  diff: DIFF_DEFAULTS,

  tools: TOOLS_DEFAULTS,

  sandbox: SANDBOX_DEFAULTS,

  modelAdmin: MODEL_ADMIN_DEFAULTS,

  servers: SERVERS_DEFAULTS,

  models: MODELS_DEFAULTS,

  contextMeter: CONTEXT_METER_DEFAULTS,

  mcp: MCP_DEFAULTS,

  mcpApps: MCP_APPS_DEFAULTS,

  // ── Main process: app services and storage ──────────────────────────────────────────────────────────

  app: APP_DEFAULTS,

  titles: TITLES_DEFAULTS,

  /** At most one event batch per this many ms crosses to the renderer (one animation frame). */
  eventBatchIntervalMs: 16,
  /** Streamed text is flushed to disk at least this often. */
  timelineFlushIntervalMs: 500,
  /**
   * conversation.get with `page` answers at most this many of the newest events (older ones come
   * page by page as the user scrolls up): opening a long conversation costs about what a short one does.
   */
  conversationPageEvents: 100,
  /**
   * A page reaches back up to this many page sizes to start where a turn starts (a run's events
   * stay together, so a live run opened mid-way shows whole); a longer run is split (the renderer
   * still rebuilds it exactly once the older page comes).
   */
  conversationPageReach: 4,
  store: STORE_DEFAULTS,

  webSearch: WEB_SEARCH_DEFAULTS,

  documents: DOCUMENTS_DEFAULTS,

  /** Longest stored conversation title (characters). */
  storedTitleMaxChars: 200,

  modelCheck: MODEL_CHECK_DEFAULTS,

  // ── Boundaries: what a host or the renderer may send, and how long a probe waits ────────────────────

  /** Listing models or reading capabilities gives up after this long (a dead host answers fast). */
  ollamaProbeTimeoutMs: 5000,
  /** Largest message the renderer may send (characters). */
  maxMessageChars: 200_000,
  /** Largest conversation export accepted by conversation.import (characters). */
  maxImportChars: 50_000_000,
  foreignImport: FOREIGN_IMPORT_DEFAULTS,
  webHost: WEB_HOST_DEFAULTS,
  systemPrompts: SYSTEM_PROMPTS_DEFAULTS,
  memory: MEMORY_DEFAULTS,
  projects: PROJECTS_DEFAULTS,
  skills: SKILLS_DEFAULTS,
  gateway: GATEWAY_DEFAULTS,

  window: WINDOW_DEFAULTS,

  // ── Renderer ────────────────────────────────────────────────────────────────────────────────────────

  rendererStore: RENDERER_STORE_DEFAULTS,

  rendererTimeline: RENDERER_TIMELINE_DEFAULTS,

  rendererDiff: RENDERER_DIFF_DEFAULTS,

  rendererLayout: RENDERER_LAYOUT_DEFAULTS,

  rendererTransport: RENDERER_TRANSPORT_DEFAULTS,

  rendererConversations: RENDERER_CONVERSATIONS_DEFAULTS,

  rendererDiagrams: RENDERER_DIAGRAMS_DEFAULTS,
  rendererArtifacts: RENDERER_ARTIFACTS_DEFAULTS,
  rendererMath: RENDERER_MATH_DEFAULTS,
  rendererMarkdown: RENDERER_MARKDOWN_DEFAULTS,

  images: IMAGES_DEFAULTS,

  sidebarList: SIDEBAR_LIST_DEFAULTS,
  messageList: MESSAGE_LIST_DEFAULTS,
  workflows: WORKFLOWS_DEFAULTS,
  engineLibrary: ENGINE_LIBRARY_DEFAULTS,
  knowledge: KNOWLEDGE_DEFAULTS,
  engine: ENGINE_DEFAULTS,
} as const;

export type Defaults = typeof DEFAULTS;
