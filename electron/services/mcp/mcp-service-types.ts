import type { ModelEvent } from '../../../shared/contract/events';
import type { McpServerConfig, McpServerView } from '../../../shared/mcp/mcp';
import type { McpAuthStatus } from '../../../shared/mcp/mcp-auth';
import type { McpResourceContent, McpResourceInfo } from '../../../shared/mcp/mcp-resources';
import type { ElicitationAction, McpElicitationRequest } from '../../../shared/mcp/mcp-elicitation';
import type { RegisteredTool } from '../../../tools/catalogue/tool-runtime-types';
import type { JsonObject } from '../../../shared/contract/json';
import type { McpCallResult } from './tools/mcp-result';
import type { RecentCall } from './apps/recent-calls';

/** One prompt a server offers (prompts/list), for the workflows that offer them as user-invoked actions. */
export interface McpPromptInfo {
  server: string;
  name: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
}

/** prompts/get: the messages of a prompt, text only (other content is summarised in words). */
export interface McpPromptResult {
  description: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
}

/**
 * MCP servers as tool sources: one connection per server, owned by the app services and shared
 * by every conversation. Calls that change the configuration persist it (mcp.json in the data
 * folder) and emit `mcp-status` for every server they change.
 */
export interface McpService {
  /** Every configured server as the renderer sees it (secrets as keys only). */
  list(): McpServerView[];
  /**
   * Adds a server (or replaces it when `replace`); an env/header value equal to MCP_SECRET_MASK keeps
   * the stored one. `reviewTools`: nothing of the server is reviewed yet (a registry install), so
   * every tool asks as a new tool until the user accepts the list.
   */
  save(name: string, config: McpServerConfig, replace: boolean, options?: { reviewTools?: boolean }): Promise<McpServerView>;
  /** The stored config of a server, secrets included: main only (a registry update keeps its values). */
  configOf(name: string): McpServerConfig | null;
  remove(name: string): Promise<void>;
  setEnabled(name: string, enabled: boolean): Promise<McpServerView>;
  restart(name: string): Promise<McpServerView>;
  /** A `{"mcpServers": {...}}` block; the servers it adds start disabled. */
  importJson(json: string): Promise<{ added: string[]; skipped: { name: string; reason: string }[] }>;
  setToolEnabled(name: string, tool: string, enabled: boolean): Promise<McpServerView>;
  /** The user reviewed the server's tools as they are now (tool-pinning.ts): changed and new tools stop asking for that reason. */
  acceptToolChanges(name: string): Promise<McpServerView>;
  /** The enabled tools of the ready servers, as the loop runs them (names mcp__<server>__<tool>). */
  tools(): RegisteredTool[];
  /** Prompts of every ready server (servers without prompts are skipped). */
  listPrompts(): Promise<McpPromptInfo[]>;
  /** prompts/get with arguments. Throws when the server is not ready or has no such prompt. */
  getPrompt(server: string, name: string, args: Record<string, string>): Promise<McpPromptResult>;
  /** Resources of every ready server (servers without resources are skipped). */
  listResources(): Promise<McpResourceInfo[]>;
  /** resources/read. Throws when the server is not ready or does not have it. */
  readResource(server: string, uri: string): Promise<McpResourceContent>;
  /** resources/read of an MCP App's document, as the server answered (checked by `apps/app-resource.ts`). */
  readAppResource(server: string, uri: string): Promise<unknown>;
  /** tools/call for an app (after main's approval rules): the server's raw result. Throws ToolFailure in words. */
  callForApp(server: string, tool: string, args: JsonObject, signal: AbortSignal): Promise<McpCallResult>;
  /** A recent MCP tool call of a run, with its raw result (the app of its tool opens on it). */
  recentCall(callId: string): RecentCall | undefined;
  /** Whether TACO holds OAuth tokens for the server (signed-out for servers that do not use OAuth). */
  authStatus(name: string): Promise<McpAuthStatus>;
  /** Sign in through the system browser (waits for the user), then restart the server with its token. */
  signIn(name: string): Promise<McpServerView>;
  /** Forget the server's tokens and registration; a running server restarts without them. */
  signOut(name: string): Promise<McpServerView>;
  /** The user's answer to a server's form (`mcp-elicitation`); checked against the form's fields. */
  answerElicitation(
    elicitationId: string,
    action: ElicitationAction,
    content: Record<string, unknown> | undefined,
  ): { accepted: boolean; message: string | null };
  /** The forms still open in a conversation (to draw them again after a reload). */
  pendingElicitations(conversationId: string): McpElicitationRequest[];
  /** `mcp-status` and `mcp-elicitation(-closed)` events (on the model-events channel). Returns the unsubscribe. */
  subscribe(listener: (event: ModelEvent) => void): () => void;
  /** Resolves once no enabled server is `starting` any more, or after `timeoutMs`. */
  settled(timeoutMs: number): Promise<void>;
  /** Stops every server (the whole process group of a stdio server); in-flight calls end as tool errors. */
  dispose(): Promise<void>;
  /** The configured servers' header and env values: the raw model log masks them. */
  secretValues?(): string[];
}
