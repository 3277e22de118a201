import type { ConversationSearchHit, ConversationSnapshot, ConversationSummary } from '../../../shared/conversation';
import type { TacoEvent } from '../../../shared/events';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import type { StackFrame } from '../../../shared/tool-stack';
import type { ToolInfo } from '../../../shared/tool-info';
import type { MemoryStore, ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { AgentRunInput, AgentRunOutcome } from '../agent/loop/agent-types';
import type { ApprovalGate, DepthGate, QuestionGate, ToolStack } from '../orchestration/orchestration-types';
import type { McpService } from '../mcp/mcp-service-types';
import type { ChatMessage, ChatProvider } from '../provider/provider-types';
import type { ConversationPatch, TimelineImport } from '../store/conversations/conversation-store';

/**
 * What the app services need from the other parts of main, as narrow interfaces. The default
 * wiring (`default-ports.ts`) adapts the real provider, loop, tools, orchestration and store;
 * tests replace any of them.
 */
export interface AppPorts {
  createProvider(options: { host: string; maxContextTokens: number }): ChatProvider;
  runAgent(input: AgentRunInput): Promise<AgentRunOutcome>;
  /** The model's history rebuilt from a stored timeline. */
  timelineToHistory(events: TacoEvent[]): ChatMessage[];
  loadTools(): Promise<ToolRegistry>;
  createMemory(dataDir: string): MemoryStore;
  createToolStack(): ToolStack;
  createBrokers(emit: (event: TacoEvent) => void): Brokers;
  commands: CommandTexts;
  detectContextSwitch(input: ContextSwitchInput): Promise<ContextSwitchVerdict>;
  openStorage(dataDir: string): Promise<Storage>;
  /**
   * The MCP servers of `mcp.json` in the data folder (plus, for this run only, those of
   * `extraConfigFile`: CLI --mcp-config). Starts them in the background; never blocks.
   */
  createMcp(input: { dataDir: string; extraConfigFile: string | null; emit: (event: TacoEvent) => void }): McpService;
}

export interface Brokers {
  approvals: {
    gate: ApprovalGate;
    respond(approvalId: string, decision: string): { accepted: boolean; message: string | null };
    dispose(): void;
  };
  questions: { gate: QuestionGate; answer(questionId: string, answer: string): { accepted: boolean }; dispose(): void };
  depth: { gate: DepthGate; respond(runId: string, decision: 'continue' | 'cancel'): { accepted: boolean }; dispose(): void };
}

/** The words of /help, /tools, /tool, /status and of an unknown command (markdown). */
export interface CommandTexts {
  help(): string;
  unknown(input: string): string;
  tools(tools: readonly ToolInfo[]): string;
  tool(tools: readonly ToolInfo[], name: string): string;
  status(input: { frames: readonly StackFrame[]; depthLimit: number; originalRequest: string | null; now?: number }): string;
}

export interface ContextSwitchInput {
  complete: ChatProvider['complete'];
  model: string;
  /** What the stack waits for: the pending question, in words. */
  pending: string;
  /** What the user typed instead of answering the card. */
  reply: string;
  signal: AbortSignal;
}

export type ContextSwitchVerdict = 'same-task' | 'new-request';

export interface Storage {
  conversations: ConversationStorePort;
  settings: SettingsStorePort;
}

export interface ConversationStorePort {
  create(input: { title: string; model: string | null }): Promise<ConversationSummary>;
  list(): Promise<ConversationSummary[]>;
  /** null when there is no such conversation. */
  get(conversationId: string): Promise<ConversationSnapshot | null>;
  /** null when there is no such conversation. */
  summary(conversationId: string): Promise<ConversationSummary | null>;
  /** Title, model, pin or options (options replace the previous ones whole). Throws not-found. */
  update(conversationId: string, patch: ConversationPatch): Promise<ConversationSummary>;
  /** Removes the timeline, its index entry and its words from the search index. Throws not-found. */
  delete(conversationId: string): Promise<void>;
  search(query: string): Promise<ConversationSearchHit[]>;
  /** A new conversation (new id) holding an imported timeline. */
  importConversation(input: TimelineImport): Promise<ConversationSummary>;
  /** Drops the run that TACO's stop left unfinished; null when there is none. */
  abandon(conversationId: string): Promise<ConversationSummary | null>;
  /** Appends to the conversation's timeline; buffered, flushed at least every 500 ms. */
  append(event: TacoEvent): void;
  /** Writes everything buffered so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface SettingsStorePort {
  get(): Settings;
  /** Validates and persists; throws (changing nothing) when the patch is refused. */
  set(patch: SettingsPatch): Promise<Settings>;
}
