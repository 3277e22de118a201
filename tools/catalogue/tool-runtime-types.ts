import type { z } from 'zod';
import type { JsonObject } from '../../shared/contract/json';
import type { ToolInfo } from '../../shared/tools/tool-info';
import type { ToolDefinition } from '../../shared/tools/tool-definition';
import type { DocumentFilter, DocumentRecord } from '../../shared/documents/documents';
import type { WebSearchHit } from '../../shared/settings/web-search';
import type { SandboxNotice } from '../../shared/approvals/sandbox-notice';
import type { KnowledgePassage } from '../../shared/knowledge/knowledge';

/** Persisted notes for save_memory / recall_memory. */
export interface MemoryStore {
  save(note: string): Promise<{ id: string; savedAt: number }>;
  recall(query: string, limit: number): Promise<Array<{ id: string; note: string; savedAt: number }>>;
}

/** What a sub-agent hands back to its parent (result + documents). */
export interface HandoffPayload {
  result: string;
  documents: string[];
}

/**
 * Keeps a file's content before a tool changes it, so the change can be undone. Called after the
 * write was approved and before the file is touched; it resolves once both contents and the
 * record are on disk.
 */
export interface FileVersions {
  keep(change: {
    tool: string;
    /** Workspace-relative path. */
    path: string;
    /** null: the file does not exist yet; `{ notKept }`: it is too large to keep (its size in bytes). */
    before: Buffer | { notKept: number } | null;
    after: Buffer;
    /** What the writer says the file is, and tags to find it by (search_documents). */
    description?: string;
    tags?: string[];
  }): Promise<void>;
}

/** The conversation's documents (the files its tools wrote), for list_documents and search_documents. */
export interface DocumentsPort {
  list(filter: DocumentFilter): Promise<DocumentRecord[]>;
  /** Full text, or by meaning when an embedding model is set. */
  search(query: string, filter: DocumentFilter): Promise<DocumentRecord[]>;
  /** A document's automatic summary, when one was made for its current content. */
  summaryOf(path: string): Promise<string | null>;
}

/**
 * The user's knowledge folders, for search_knowledge. Passages are numbered for the run: the same
 * passage keeps its number across calls, a new one takes the next, so the answer's [n] are unique.
 */
export interface KnowledgePort {
  search(query: string, limit: number): Promise<{ passages: KnowledgePassage[]; note: string | null }>;
}

/** A run's skills as load_skill reads them: the instructions of one, checked afresh; null: no such skill. */
export interface SkillsPort {
  names(): string[];
  load(
    name: string,
  ): Promise<{ name: string; folder: string; instructions: string; files: string[]; scripts: string[] } | { refused: string } | null>;
}

/** Everything a tool may use. Tools are stateless; state lives here and in main. */
export interface ToolContext {
  /** Absolute, realpath'd workspace folder; null when the user has not picked one. */
  workspace: string | null;
  signal: AbortSignal;
  conversationId: string;
  runId: string;
  callId: string;
  memory: MemoryStore;
  /** ask_user and collect_tool_parameters: pauses the run until the user answers. */
  askUser(question: string): Promise<string>;
  /** delegate_task: runs a nested agent loop with the same tools; resolves on its handoff. */
  delegate(task: string, documents: string[]): Promise<HandoffPayload>;
  /** load_skill: the run's skills (electron/services/skills); absent where none are read. */
  skills?: SkillsPort;
  /** find_tools: the tools matching a query (best first); the loop adds them to the next requests of the run. */
  findTools(query: string): Promise<Array<{ tool: string; description: string }>>;
  /** Versions of the files tools write (undo); absent where nothing keeps them. */
  versions?: FileVersions;
  /** search_web's service (Settings → web search); absent: off. */
  webSearch?: (query: string, maxResults: number, signal: AbortSignal) => Promise<WebSearchHit[]>;
  /** The conversation's documents; absent where nothing records them. */
  documents?: DocumentsPort;
  /** The user's knowledge folders; absent: none added. */
  knowledge?: KnowledgePort;
  /** How fetch_url resolves names and which addresses it may connect to (tests inject a resolver). */
  network: NetworkPolicy;
  /** How run_command starts its shell: main's OS sandbox (electron/sandbox/); absent: as it is (the tool's own unit tests). */
  commandSandbox?: CommandSandbox;
  /** This call runs without asking under the scratch policy (CommandSandbox): run_command must not run it outside the sandbox. */
  scratchRun?: boolean;
}

/**
 * run_command's sandbox, decided by main (electron/sandbox/command-sandbox.ts). `scratch`: the
 * call runs without asking, so nothing but its private /tmp is writable and it has no network.
 * `hosts`: the hosts it may reach through the proxy (tools/shell/command-network.ts); none: no network.
 */
export interface CommandSandbox {
  /** This system has a sandbox (a scratch run is possible only then). */
  readonly available: boolean;
  /** Starts what the command needs beside it (its network proxy); the caller closes the invocation when the command has ended. */
  invocation(shellLine: string, options: CommandSandboxOptions): Promise<CommandInvocation>;
  /** What the command may do, in words, for the approval card. */
  describe(options: CommandSandboxOptions): SandboxNotice;
}

export interface CommandSandboxOptions {
  workspace: string;
  hosts: readonly string[];
  scratch: boolean;
}

/** The program that runs a shell line inside the sandbox (and `close` for what runs beside it), or why there is none (the line then runs as it is). */
export type CommandInvocation =
  { sandboxed: true; file: string; args: string[]; close(): Promise<void> } | { sandboxed: false; reason: string };

/** Resolves a host name to every address it has (dns.lookup with all: true). */
export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/**
 * fetch_url's network rules: each hop's host is resolved with `lookup`, every address must pass
 * `isAllowedAddress`, and the connection goes to the address that was checked.
 */
export interface NetworkPolicy {
  lookup: LookupAll;
  isAllowedAddress(address: string): boolean;
}

/** What a tool returns. Failures are thrown as ToolFailure (or any Error) and become tool-error. */
export type ToolOutcome =
  /** `requires`: the result says another tool must run before this one is complete (e.g. create_code → save_file). */
  | {
      type: 'result';
      output: string;
      requires?: { tool: string; reason: string };
      /** Base64 PNG/JPEG images the tool returned (MCP image content): shown in the tool row, passed to vision models. */
      images?: string[];
    }
  /** handoff: the (sub-)agent is done; its parent receives this. */
  | { type: 'handoff'; payload: HandoffPayload };

export type ToolRun = (args: JsonObject, context: ToolContext) => Promise<ToolOutcome>;

/** A tool as the loop sees it: validated config, generated schemas, and its implementation. */
export interface RegisteredTool {
  info: ToolInfo;
  /** Built from the config's parameters; rejects unknown, missing and mistyped arguments. */
  argsSchema: z.ZodType<JsonObject>;
  /** Ollama `tools` entry generated from the config. */
  definition: ToolDefinition;
  run: ToolRun;
  /** Shown on the approval card, e.g. write_file's diff against the current file. */
  preview?: (args: JsonObject, context: ToolContext) => Promise<string | null>;
  /**
   * The tool's source decides whether it asks, whatever the risk policies say (MCP tools: 'ask'
   * unless the server's policy lets them run). A user's per-tool override still wins.
   */
  approvalOverride?: 'ask' | 'allow';
  /**
   * Set when the tool changed since the user reviewed it (an MCP tool whose description, schema or
   * annotations differ from its pin): every call asks, with this warning, whatever any policy or
   * override says, and is never allowed for the whole conversation.
   */
  reviewWarning?: string;
  /**
   * An MCP tool's definition hash (description, schema, annotations: tool-pinning.ts) at its
   * server's location (`electron/services/mcp/config/server-location.ts`). "Always allow this tool" is
   * granted and checked against it, so it stops covering a changed tool or a server that moved.
   */
  definitionHash?: string;
}

export interface ToolRegistry {
  list(): RegisteredTool[];
  get(toolId: string): RegisteredTool | undefined;
}

/** A tool failure with words the model (and the user) can act on. */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}
