import type { CommandSandbox, ToolRegistry } from '../../../tools/catalogue/tool-runtime-types';
import type { MemoryBook } from '../memory/memory-book';
import type { AlwaysAllowedTools } from '../mcp/tools/always-allowed-tools';
import type { ApprovalGate, DepthGate, QuestionGate } from '../orchestration/orchestration-types';
import type { VersionStore } from '../documents/versions/version-store';
import type { DocumentIndex } from '../documents/search/document-index';
import type { KnowledgeBase } from '../knowledge/knowledge-base';
import type { KnowledgeFolders } from '../knowledge/knowledge-folders';
import type { McpService } from '../mcp/mcp-service-types';
import type { AppSessions } from '../mcp/apps/app-sessions';
import type { ApprovalBroker } from '../orchestration/approval-broker';
import type { DepthBroker } from '../orchestration/depth-broker';
import type { QuestionBroker } from '../orchestration/question-broker';
import type { AppPorts, Storage } from './app-ports';
import type { AppServicesOptions } from './app-services-types';
import type { SessionRegistry } from './runs/conversation-sessions';
import type { EventHub } from './events/event-hub';
import type { ProviderHolder } from './provider-holder';
import type { RunRecords } from './runs/run-records';
import type { SettingsView } from './settings-view';
import type { TitleRequests } from './titles/title-requests';
import type { ProjectStore } from '../projects/project-store';
import type { PromptLibrary } from '../system-prompts/prompt-library';

/** The brokers that wait on the user (in memory, built by `composeAppServices`). */
export interface Brokers {
  approvals: ApprovalBroker;
  questions: QuestionBroker;
  depth: DepthBroker;
}

/** Everything the call handlers share. Built once by `composeAppServices`. */
export interface AppContext {
  options: AppServicesOptions;
  ports: AppPorts;
  storage: Storage;
  /** The built-in catalogue merged live with the tools of the ready MCP servers. */
  tools: ToolRegistry;
  /** MCP servers: one connection each, shared by every conversation. */
  mcp: McpService;
  /** The MCP Apps open in the window: ids, budgets and the context they leave for the model (mcp/apps/app-sessions.ts). */
  mcpApps: AppSessions;
  /** MCP tools the user always allows, each bound to its definition hash (mcp-always-allowed.json). */
  alwaysAllowed: AlwaysAllowedTools;
  /** Memory the user can see; the one place that decides which notes reach which project (memory-book.ts). */
  memory: MemoryBook;
  /** run_command's OS sandbox, this system's support detected once (electron/sandbox/). */
  commandSandbox: CommandSandbox;
  /** Versions of the files tools write, per conversation (undo, the Documents panel). */
  versions: VersionStore;
  /** The conversations' document records (metadata, tags, automatic summaries). */
  documents: DocumentIndex;
  /** The user's knowledge folders and their index (search_knowledge). */
  knowledge: KnowledgeBase;
  /** The folders the user keeps (Settings → Knowledge) over that index, and which ones a conversation searches. */
  knowledgeFolders: KnowledgeFolders;
  brokers: Brokers;
  /** The gates runs use: the brokers', or the host's replacements. */
  gates: { approvals: ApprovalGate; questions: QuestionGate; depth: DepthGate };
  hub: EventHub;
  sessions: SessionRegistry;
  settings: SettingsView;
  provider: ProviderHolder;
  runs: RunRecords;
  /** Projects: conversations grouped with their own workspace and defaults (projects.json). */
  projects: ProjectStore;
  /** The system prompt library (presets a project's new chats start with). */
  presets: PromptLibrary;
  /** Conversation ids known to exist (created or read in this process). */
  knownConversations: Set<string>;
  /** Side requests naming new conversations (stopped on delete and shutdown). */
  titles: TitleRequests;
  now(): number;
  newId(): string;
}
