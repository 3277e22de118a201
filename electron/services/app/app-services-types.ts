import type { EngineLibraryOptions } from '../engine/library/engine-library';
import type { EngineProcessLauncher } from '../engine/process/engine-process';
import type { ChatProvider } from '../provider/provider-types';
import type { ResolvedServer } from '../servers/resolved-server';
import type { EventOf, ModelEvent, TacoEvent } from '../../../shared/contract/events';
import type { EngineConfig, ServerKind } from '../../../shared/models/servers';
import type { Limits, Settings } from '../../../shared/settings/settings';
import type { CallEnvelope } from '../../../shared/contract/transport';
import type { ApprovalGate, DepthGate, QuestionGate } from '../orchestration/orchestration-types';
import type { SecretCipher } from '../mcp/auth/token-store';
import type { UnattendedElicitation } from '../mcp/elicitation/elicitation-defaults';
import type { AppPorts } from './app-ports';
import type { ConfirmGate } from '../workflows/confirm-broker';
import type { WorkflowPromptSource } from '../workflows/workflow-prompt-source';
import type { LocalApiPort } from '../local-api/local-api-port';
import type { StorePreRead } from '../store/conversations/store-pre-read';
import type { KnowledgeFolderStatus } from '../../../shared/knowledge/knowledge';

/** Gates that replace the UI-backed brokers (the CLI answers approvals and depth prompts from its flags). */
export interface GateOverrides {
  approvals?: ApprovalGate;
  questions?: QuestionGate;
  depth?: DepthGate;
  /** Workflow confirm steps (the CLI's --confirm). */
  confirms?: ConfirmGate;
}

export interface AppServicesOptions {
  /** The built-in engine's model library: where downloads come from and the seams tests replace. */
  engineLibrary?: Partial<
    Pick<EngineLibraryOptions, 'baseUrl' | 'fetch' | 'files' | 'machine' | 'progressIntervalMs' | 'diskHeadroomBytes'>
  >;
  /** Where conversations, settings and memory live (Electron's userData, or --data-dir). */
  dataDir: string;
  /** A --workspace flag: overrides the stored setting until the user changes it. */
  workspace?: string | null;
  /** A --host flag: overrides the stored Ollama host until the user changes it. */
  ollamaHost?: string;
  /** What kind of server the first server (the --host flag) is; Ollama when absent (CLI --server-kind). */
  hostKind?: ServerKind;
  /** With hostKind "built-in" (CLI --gguf): the GGUF file the first server runs in the built-in engine. */
  engine?: EngineConfig;
  /**
   * Starts the built-in engine's own process: Electron's utilityProcess in the desktop app, the
   * bundled engine host in the built web host; absent: `child_process.fork` of the source entry.
   */
  engineProcess?: EngineProcessLauncher;
  /** Opens a checked http(s) URL in the system browser (Electron: shell.openExternal). */
  openExternal: (url: string) => Promise<void>;
  /** Prints an exported HTML page to PDF (Electron: webContents.printToPDF); absent where the host cannot (the browser prints instead). */
  printPdf?: (html: string) => Promise<Uint8Array>;
  /** Build replacement gates; `emit` sends their events to the timeline and subscribers. */
  gates?: (emit: (event: TacoEvent) => void) => GateOverrides;
  /** Limits that win over the stored settings for every run (CLI --max-iterations, --timeout-ms). */
  limitOverrides?: Partial<Limits>;
  /** The local API, when the host runs one (the desktop app); the `localApi.*` calls go to it. */
  localApi?: LocalApiPort;
  /** MCP prompts offered as workflows (the MCP service, wired by the host). */
  workflowPromptSource?: WorkflowPromptSource;
  /** Tests: a folder of built-in workflows instead of the repo's `workflows/`. */
  builtinWorkflowsRoot?: string;
  /** 'off' (CLI --no-memory): no note is recalled into a run and save_memory saves nothing; absent: on. */
  memory?: 'on' | 'off';
  /** Tools per model request for every run (CLI --max-tools), instead of settings.toolBudget; 0 offers all. */
  toolBudgetOverride?: number;
  /** CLI --mcp-config FILE: MCP servers (the `mcpServers` shape) added for this run only. */
  mcpConfigFile?: string | null;
  /** Seals MCP OAuth tokens at rest (Electron safeStorage); absent or null: 0600 files only. */
  secretCipher?: SecretCipher | null;
  /** CLI --knowledge FOLDER (repeatable): knowledge folders indexed for this run only. */
  knowledgeFolders?: readonly string[];
  /** Nobody at a form (CLI --elicitation): MCP forms are answered with their defaults, or declined. Absent: the user is asked. */
  unattendedElicitation?: UnattendedElicitation;
  /** The store's first reads, begun before main was made (the web host: at listen; store-pre-read.ts). */
  storePreRead?: StorePreRead;
  /** Replace parts of main (tests). Anything not given is the real implementation. */
  ports?: Partial<AppPorts>;
  batchIntervalMs?: number;
  now?: () => number;
  newId?: () => string;
}

/** What every host wraps: one entry for calls, one for events. */
export interface AppServices {
  /** Validates `request` against the contract and runs the call; never throws. */
  handle(name: string, request: unknown): Promise<CallEnvelope<unknown>>;
  /** Event batches, coalesced, at most one per frame. Returns the unsubscribe. */
  subscribe(listener: (batch: TacoEvent[]) => void): () => void;
  /** The `model-events` channel: pull progress and MCP server status (never stored). Returns the unsubscribe. */
  subscribeModelEvents(listener: (batch: ModelEvent[]) => void): () => void;
  /** The run's `run-finish` (at once when it already finished). */
  waitForRun(runId: string): Promise<EventOf<'run-finish'>>;
  /** Resolves once no enabled MCP server is still starting (or after `timeoutMs`): the CLI waits for its servers. */
  mcpSettled(timeoutMs: number): Promise<void>;
  /** Resolves once the `knowledgeFolders` are indexed, with each one's status (failed: it could not be added). */
  knowledgeReady(): Promise<KnowledgeFolderStatus[]>;
  /** Settings as they apply now (flags included). */
  settings(): Settings;
  /** The provider the app's runs use for one server (the local API answers built-in models through it). */
  serverProvider(server: ResolvedServer): ChatProvider;
  /** Aborts every run, withdraws open prompts, flushes timelines. */
  dispose(): Promise<void>;
}
