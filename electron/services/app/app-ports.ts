import type { ConversationSearchHit, ConversationSnapshot, ConversationSummary } from '../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../shared/contract/events';
import type { ScalarSettingKey, Settings, SettingsPatch } from '../../../shared/settings/settings';
import type { ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { MemoryBook } from '../memory/memory-book';
import type { AgentRunInput, AgentLoopOutcome } from '../agent/loop/agent-types';
import type { SecretCipher } from '../mcp/auth/token-store';
import type { UnattendedElicitation } from '../mcp/elicitation/elicitation-defaults';
import type { McpService } from '../mcp/mcp-service-types';
import type { ChatProvider } from '../provider/provider-types';
import type { ResolvedServer } from '../servers/resolved-server';
import type { ConversationPatch, TimelineImport } from '../store/conversations/conversation-store';
import type { NewestPage } from '../store/conversations/tail-tracking';
import type { StorePreRead } from '../store/conversations/store-pre-read';

/**
 * The real I/O behind the app services, and nothing else: the provider (Ollama), the loop (which
 * talks to it and runs tools), storage (timelines, settings, memory, the catalogue on disk). The
 * clock and ids come with the options (`now`, `newId`). Pure parts — the history rebuilt from a
 * timeline, the slash-command texts, the context-switch check, the tool stack, the brokers — are
 * imported where they are used, so tests run the real ones. The default wiring is
 * `default-ports.ts`; tests replace any port.
 */
export interface AppPorts {
  createProvider(options: { host: string; maxContextTokens: number }): ChatProvider;
  /** The provider of an added model server (remote Ollama with headers, or OpenAI-compatible). */
  createServerProvider(server: ResolvedServer, maxContextTokens: number): ChatProvider;
  /** The loop of one run; the run launcher emits its `run-start` before and its `run-finish` after. */
  runAgent(input: AgentRunInput): Promise<AgentLoopOutcome>;
  loadTools(): Promise<ToolRegistry>;
  /** Memory the user can see (Settings → Memory), in the data folder's memory.jsonl. */
  createMemory(dataDir: string): MemoryBook;
  /** Opens the data folder's stores; `preRead` (store-pre-read.ts): what of the conversation store was read before. */
  openStorage(dataDir: string, preRead?: StorePreRead): Promise<Storage>;
  /**
   * The MCP servers of `mcp.json` in the data folder (plus, for this run only, those of
   * `extraConfigFile`: CLI --mcp-config). Starts them in the background; never blocks.
   */
  createMcp(input: {
    dataDir: string;
    extraConfigFile: string | null;
    emit: (event: TacoEvent) => void;
    unattendedElicitation?: UnattendedElicitation;
    /** Opens the authorization page of an MCP server's sign-in (the one openExternal guard is applied by the port). */
    openExternal?: (url: string) => Promise<void>;
    secretCipher?: SecretCipher | null;
    /** Settings → allow private network addresses (fetch_url's switch), read at each OAuth request to another origin than the server's. */
    allowPrivateNetwork?: () => boolean;
  }): McpService;
}

export interface Storage {
  conversations: ConversationStorePort;
  settings: SettingsStorePort;
}

export interface ConversationStorePort {
  create(input: { title: string; model: string | null }): Promise<ConversationSummary>;
  list(): Promise<ConversationSummary[]>;
  /** null when there is no such conversation. */
  get(conversationId: string): Promise<ConversationSnapshot | null>;
  /**
   * The newest page read from the end of the timeline; null when the whole timeline must be read
   * (`get`), or there is no such conversation. Optional: a store without it is always read whole.
   */
  newestPage?(conversationId: string): Promise<NewestPage | null>;
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
  /** One setting of a plain value without copying them all (a store without it is read through get()). */
  peek?<K extends ScalarSettingKey>(key: K): Settings[K];
  /** Validates and persists; throws (changing nothing) when the patch is refused. */
  set(patch: SettingsPatch): Promise<Settings>;
}
