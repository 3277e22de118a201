import { z } from 'zod';
import type { AlwaysAllowedTool } from '../approvals/always-allow';
import { DEFAULTS } from '../constants';
import {
  conversationOptionsSchema,
  type ConversationSearchHit,
  type ConversationSnapshot,
  type ConversationSummary,
} from '../conversations/conversation';
import type { ModelEvent, TacoEvent } from './events';
import type { ImportResult } from '../conversations/conversation-import';
import { mcpServerConfigSchema, mcpServerNameSchema, type McpServerView } from '../mcp/mcp';
import type { McpAuthStatus } from '../mcp/mcp-auth';
import type { McpResourceContent, McpResourceInfo } from '../mcp/mcp-resources';
import type { McpElicitationRequest } from '../mcp/mcp-elicitation';
import { mcpAppRequestSchemas, type McpAppCallAnswer, type McpAppOpenAnswer } from '../mcp/mcp-apps';
import {
  registryInstallRequestSchema,
  registryServerNameSchema,
  registryVersionSchema,
  type RegistryPlanResult,
  type RegistrySearchResult,
  type RegistryUpdate,
} from '../mcp/mcp-registry';
import { localApiChangeSchema, type LocalApiStatus } from '../settings/local-api';
import type { ContextFit, ModelListResult } from '../models/models';
import { catalogueIdSchema, type DownloadView, type LibraryView, type LocalModelView } from '../engine/model-library';
import type { ModelCheckList } from '../probe/model-check';
import type { ProbeReport } from '../probe/probe-report';
import { presetIdSchema, type EnhancedPromptView, type SystemPromptPreset } from '../conversations/system-prompts';
import { versionRefSchema, type DocumentsListResult, type UndoPreview, type UndoResult } from '../documents/documents';
import type { DocumentsBrowseResult, VersionContent } from '../documents/document-browser';
import { serverTestRequestSchema, type ServerTestResult } from '../models/servers';
import { projectFieldsSchema, projectIdSchema, type Project } from '../projects/projects';
import {
  memoryFilterSchema,
  memoryIdSchema,
  memoryScopeSchema,
  memoryTextSchema,
  type Memory,
  type MemoryListResult,
} from '../memory/memory';
import { knowledgeFolderPathSchema, knowledgeScopeSchema, type KnowledgeFolderView } from '../knowledge/knowledge-folders';
import { settingsPatchSchema, type SettingsView } from '../settings/settings';
import type { ToolInfo } from '../tools/tool-info';
import {
  skillsInstallRequest,
  skillsListRequest,
  skillsPreviewRequest,
  skillsRemoveRequest,
  type SkillInstallPreview,
  type SkillListing,
} from '../skills/skills';
import type {
  WorkflowDraftResult,
  WorkflowExtractResult,
  WorkflowListResult,
  WorkflowRunResult,
  WorkspaceEntriesResult,
} from '../workflows/workflow';

/**
 * The one contract between the renderer and main. Every call is a line here: the zod schema of
 * what the renderer may send (validated in main before any handler runs) and, in CallResponses,
 * what comes back. Both transports (Electron IPC and the web host's WebSocket) carry exactly this.
 */
const id = z.string().trim().min(1).max(128);
/** A position in a conversation's timeline as main hands it out ("e" and the index of an event). */
const conversationCursor = z.string().regex(/^e\d{1,9}$/, 'A conversation cursor looks like e123.');
const empty = z.object({}).strict();
/** Ollama model names: "llama3.2", "qwen3:4b", "hf.co/org/model:Q4_K_M". */
const modelName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'must be a model name such as llama3.2 or qwen3:4b');

/**
 * Images on a message for a vision model (base64, no data: prefix). Capped so a message with its
 * images fits one WebSocket frame of the web host (DEFAULTS.webHost.maxFrameBytes). To move into
 * DEFAULTS.images; the renderer mirrors these in renderer/src/components/composer/image-defaults.ts.
 */
export const IMAGE_LIMITS = { maxImages: DEFAULTS.images.maxImages, maxTotalBase64Chars: DEFAULTS.images.maxTotalBase64Chars } as const;
const images = z
  .array(z.string().min(1).max(IMAGE_LIMITS.maxTotalBase64Chars))
  .max(IMAGE_LIMITS.maxImages, `must hold at most ${IMAGE_LIMITS.maxImages} images`)
  .refine(
    (list) => list.reduce((sum, image) => sum + image.length, 0) <= IMAGE_LIMITS.maxTotalBase64Chars,
    'are too large together: send fewer or smaller images',
  );

export const callRequestSchemas = {
  'models.list': empty,
  'chat.send': z
    .object({
      /** null starts a new conversation. */
      conversationId: id.nullable(),
      text: z.string().max(DEFAULTS.maxMessageChars),
      model: z.string().trim().min(1).max(200),
      /** Base64 images for a vision model (checked in main: format, size, the model's vision capability). */
      images: images.optional(),
      /** MCP resources attached as chips; main reads each (the server must be ready) and the model sees their text. */
      resources: z
        .array(z.object({ server: z.string().min(1).max(200), uri: z.string().min(1).max(4000) }).strict())
        .max(DEFAULTS.mcp.maxAttachedResources)
        .optional(),
      /** With `conversationId` null: the new chat starts in this project and takes its defaults. */
      projectId: projectIdSchema.optional(),
    })
    .strict(),
  /** Start a new run in the conversation with the same goal as its last one. */
  'chat.continue': z.object({ conversationId: id, model: z.string().trim().min(1).max(200) }).strict(),
  'run.cancel': z.object({ runId: id }).strict(),
  'settings.get': empty,
  'settings.set': settingsPatchSchema,
  'approval.respond': z.object({ approvalId: id, decision: z.enum(['allow-once', 'allow-conversation', 'allow-tool', 'deny']) }).strict(),
  'depth.respond': z.object({ runId: id, decision: z.enum(['continue', 'cancel']) }).strict(),
  'question.answer': z.object({ questionId: id, answer: z.string().max(DEFAULTS.maxMessageChars) }).strict(),
  'tools.list': empty,
  'conversations.list': empty,
  /**
   * The whole timeline, or with `page` the newest page of it (`before` absent) or the page before a
   * cursor an earlier paged answer gave (`olderCursor`).
   */
  'conversation.get': z
    .object({ conversationId: id, page: z.object({ before: conversationCursor.optional() }).strict().optional() })
    .strict(),
  'app.openExternal': z.object({ url: z.string().max(8192) }).strict(),

  // Conversations and the sidebar.
  'conversation.rename': z.object({ conversationId: id, title: z.string().trim().min(1).max(200) }).strict(),
  'conversation.pin': z.object({ conversationId: id, pinned: z.boolean() }).strict(),
  /** Show the branch of one of a message's siblings (an earlier edit or regenerate of it). */
  'conversation.selectBranch': z.object({ conversationId: id, messageId: id }).strict(),
  'conversation.delete': z.object({ conversationId: id }).strict(),
  'conversations.search': z.object({ query: z.string().max(500) }).strict(),
  /** Markdown, HTML and PDF hold the chosen branch; JSON keeps every branch. PDF only where the host can print (the desktop app). */
  'conversation.export': z.object({ conversationId: id, format: z.enum(['markdown', 'json', 'html', 'pdf']) }).strict(),
  'conversation.import': z.object({ content: z.string().max(DEFAULTS.maxImportChars) }).strict(),
  /** A TACO export, or ChatGPT's or Claude's conversations.json: every conversation in it, or nothing. */
  'conversations.import': z.object({ content: z.string().max(DEFAULTS.maxImportChars) }).strict(),
  /** A run paused on an approval or a question when the app stopped: go on, or drop it. */
  'workflow.resume': z.object({ conversationId: id, model: z.string().trim().min(1).max(200) }).strict(),
  'workflow.abandon': z.object({ conversationId: id }).strict(),
  'conversation.setOptions': z.object({ conversationId: id, options: conversationOptionsSchema }).strict(),
  /** The user's answer to an imported system prompt: use it from now on, or drop it. */
  'conversation.confirmSystemPrompt': z.object({ conversationId: id, decision: z.enum(['use', 'discard']) }).strict(),

  // Editing the conversation.
  /** Replace a user message and run again from there; everything after it is withdrawn. */
  'chat.edit': z
    .object({ conversationId: id, messageId: id, text: z.string().max(DEFAULTS.maxMessageChars), model: z.string().trim().min(1).max(200) })
    .strict(),
  /** Withdraw the last answer and run the last user message again. */
  'chat.regenerate': z.object({ conversationId: id, model: z.string().trim().min(1).max(200) }).strict(),

  // Models.
  'models.pull': z.object({ name: modelName }).strict(),
  'models.cancelPull': z.object({ pullId: id }).strict(),
  'models.delete': z.object({ name: modelName }).strict(),
  'models.unload': z.object({ name: modelName }).strict(),
  /** Whether a context size fits where the model runs (estimated, nothing is loaded). */
  'models.contextFit': z
    .object({ model: z.string().trim().min(1).max(200), contextTokens: z.number().int().min(512).max(1_048_576) })
    .strict(),
  'ollama.test': z.object({ host: z.string().trim().min(1).max(2048) }).strict(),
  /** "Check this model": the probe suite on one model (one check at a time); progress and the report come as model events. */
  'modelCheck.start': z.object({ model: modelName, runs: z.number().int().min(1).max(DEFAULTS.modelCheck.maxRuns).optional() }).strict(),
  'modelCheck.cancel': z.object({ checkId: id }).strict(),
  /** Every stored report card, and the check under way. */
  'modelCheck.list': empty,
  /** The answer to a report's proposal: accepted, its tuned settings go into settings (`modelTuning`); declined, nothing changes. */
  'modelCheck.decideTuning': z.object({ model: modelName, accept: z.boolean() }).strict(),

  // The built-in engine's model library (Settings → Built-in models, and the first-run welcome).
  /** The catalogue with fit labels, the models on disk and the downloads under way. */
  'engineLibrary.list': empty,
  /** Starts (or resumes) downloading a catalogue model; progress comes as engine-download model events. */
  'engineLibrary.download': z.object({ catalogueId: catalogueIdSchema }).strict(),
  'engineLibrary.pause': z.object({ downloadId: id }).strict(),
  'engineLibrary.resume': z.object({ downloadId: id }).strict(),
  /** Stops a download and removes its partial file. */
  'engineLibrary.cancel': z.object({ downloadId: id }).strict(),
  /** Forgets a model; a downloaded file is deleted, an added one stays where it is. */
  'engineLibrary.remove': z.object({ modelId: id }).strict(),
  /** "Add a GGUF file": one already on disk, checked (GGUF magic, readable header) and kept where it is. */
  'engineLibrary.addFile': z
    .object({
      path: z
        .string()
        .trim()
        .min(1)
        .max(4096)
        .refine((path) => !path.includes('\0'), 'must not contain NUL'),
    })
    .strict(),
  /** Runs a model on the built-in engine: adds or selects the built-in server and makes it the default model. */
  'engineLibrary.use': z.object({ modelId: id }).strict(),

  // Model servers.
  /** Test connection for a server in the form (saved or not): says exactly what failed. */
  'servers.test': serverTestRequestSchema,
  // Settings → Local API (the desktop app's OpenAI-compatible API for other apps).
  'localApi.get': empty,
  'localApi.set': localApiChangeSchema,
  /** A new key, answered this once (only its hash is stored). */
  'localApi.rotateKey': empty,
  // The system prompt library (presets in the data folder).
  'systemPrompts.list': empty,
  /** What the model sees for a preset: its prompt plus what TACO adds. */
  'systemPrompts.enhanced': z.object({ id: presetIdSchema }).strict(),
  /** What the model sees in a conversation: its system prompt plus what TACO adds (before any tool runs). */
  'conversation.systemView': z.object({ conversationId: id }).strict(),
  /** A new, empty conversation with the preset's prompt and options; `model` overrides its default model. */
  'conversation.createFromPreset': z.object({ presetId: presetIdSchema, model: z.string().trim().min(1).max(200).nullable() }).strict(),
  // Projects: conversations grouped with their own workspace and defaults (shared/projects/projects.ts).
  'projects.list': empty,
  'projects.create': projectFieldsSchema,
  'projects.update': z.object({ projectId: projectIdSchema, changes: projectFieldsSchema.partial().strict() }).strict(),
  /** Its conversations move to no project first: nothing is lost. */
  'projects.remove': z.object({ projectId: projectIdSchema }).strict(),
  /** null: out of any project. */
  'conversation.moveToProject': z.object({ conversationId: id, projectId: projectIdSchema.nullable() }).strict(),
  // Memory the user can see (Settings → Memory; shared/memory/memory.ts). A project named must exist (main checks).
  'memory.list': z.object({ filter: memoryFilterSchema }).strict(),
  /** A note the user adds; projectId null: global. */
  'memory.add': z.object({ text: memoryTextSchema, projectId: memoryScopeSchema }).strict(),
  'memory.update': z
    .object({
      memoryId: memoryIdSchema,
      changes: z
        .object({ text: memoryTextSchema.optional(), projectId: memoryScopeSchema.optional() })
        .strict()
        .refine((changes) => changes.text !== undefined || changes.projectId !== undefined, 'must change the text or the scope'),
    })
    .strict(),
  'memory.remove': z.object({ memoryId: memoryIdSchema }).strict(),
  // Knowledge folders (Settings → Knowledge; shared/knowledge/knowledge-folders.ts). Main refuses a folder it may not read.
  'knowledge.list': empty,
  /** projectId null: every conversation searches it; a project: only that project's conversations. */
  'knowledge.add': z.object({ folder: knowledgeFolderPathSchema, projectId: knowledgeScopeSchema }).strict(),
  'knowledge.remove': z.object({ folder: z.string().trim().min(1).max(4096) }).strict(),
  /** Drops the folder's index and reads it again from the start. */
  'knowledge.reindex': z.object({ folder: z.string().trim().min(1).max(4096) }).strict(),
  // Skills: SKILL.md folders the model loads on demand (shared/skills/skills.ts).
  /** The skills a conversation in this project (or none) would see, and the folders refused with why. */
  'skills.list': skillsListRequest,
  /** Stages a skill and lists its files; nothing is added until skills.install. */
  'skills.preview': skillsPreviewRequest,
  'skills.install': skillsInstallRequest,
  'skills.cancelPreview': skillsInstallRequest,
  /** Removes a skill installed in TACO (global or a project's). */
  'skills.remove': skillsRemoveRequest,
  // MCP servers as tool sources.
  'mcp.list': empty,
  /** Add a server, or replace one when `replace` is true. An env/header value equal to MCP_SECRET_MASK keeps the stored one. */
  'mcp.save': z.object({ name: mcpServerNameSchema, config: mcpServerConfigSchema, replace: z.boolean().optional() }).strict(),
  'mcp.remove': z.object({ name: mcpServerNameSchema }).strict(),
  'mcp.setEnabled': z.object({ name: mcpServerNameSchema, enabled: z.boolean() }).strict(),
  'mcp.restart': z.object({ name: mcpServerNameSchema }).strict(),
  /** A `{"mcpServers": {...}}` block (claude_desktop_config.json); imported servers start disabled. */
  'mcp.import': z.object({ json: z.string().min(1).max(1_000_000) }).strict(),
  'mcp.setToolEnabled': z.object({ name: mcpServerNameSchema, tool: z.string().min(1).max(200), enabled: z.boolean() }).strict(),
  'mcp.acceptToolChanges': z.object({ name: mcpServerNameSchema }).strict(),
  /** MCP tools the user always allows (per server and tool), to list and revoke in Settings. */
  'mcp.alwaysAllowed.list': empty,
  'mcp.alwaysAllowed.revoke': z.object({ server: mcpServerNameSchema, tool: z.string().min(1).max(200) }).strict(),
  /** Resources of the ready servers, and one read (for the composer and resource links in tool results). */
  'mcp.resources.list': empty,
  'mcp.resources.read': z.object({ server: mcpServerNameSchema, uri: z.string().min(1).max(4096) }).strict(),
  /** MCP Apps: open the app of an MCP tool call main ran; the app's requests name main's app id. */
  ...mcpAppRequestSchemas,
  /** OAuth per URL server: whether TACO holds a token; Sign in (system browser); Sign out. */
  'mcp.auth.status': z.object({ name: mcpServerNameSchema }).strict(),
  'mcp.auth.signIn': z.object({ name: mcpServerNameSchema }).strict(),
  'mcp.auth.signOut': z.object({ name: mcpServerNameSchema }).strict(),
  /** The user's answer to an MCP server's form (main checks the values against the form). */
  'mcp.elicitation.answer': z
    .object({
      elicitationId: id,
      action: z.enum(['accept', 'decline', 'cancel']),
      content: z.record(z.string().max(200), z.union([z.string().max(DEFAULTS.maxMessageChars), z.number(), z.boolean()])).optional(),
    })
    .strict(),
  /** The forms still open in a conversation (drawn again after a reload). */
  'mcp.elicitation.pending': z.object({ conversationId: id }).strict(),
  // Settings → MCP servers → Browse: the MCP registry (address in settings `mcpRegistryUrl`).
  'mcp.registry.search': z.object({ query: z.string().max(200), cursor: z.string().min(1).max(1000).nullable() }).strict(),
  /** What installing a version of a registry server would run (built in main from the registry's entry). */
  'mcp.registry.plan': z.object({ server: registryServerNameSchema, version: registryVersionSchema }).strict(),
  /** Install (or update, `replace`) exactly the launch the user was shown; refused when the entry changed. */
  'mcp.registry.install': registryInstallRequestSchema,
  /** Registry-installed servers whose registry lists a newer version, with what changes. */
  'mcp.registry.updates': empty,
  // Workflows: user-invoked actions with typed forms. Not `workflow.*` (a paused run).
  'workflows.list': empty,
  'workflows.run': z
    .object({
      conversationId: id.nullable(),
      workflowId: id,
      params: z.record(z.string().max(64), z.union([z.string().max(DEFAULTS.maxMessageChars), z.number(), z.boolean()])),
      model: z.string().trim().min(1).max(200),
    })
    .strict(),
  'workflows.confirm': z.object({ confirmId: id, accept: z.boolean() }).strict(),
  'workflows.extractParams': z
    .object({ workflowId: id, text: z.string().max(DEFAULTS.workflows.maxExtractChars), model: z.string().trim().min(1).max(200) })
    .strict(),
  'workflows.validateDraft': z.object({ content: z.string().max(100_000) }).strict(),
  'workflows.saveDraft': z.object({ content: z.string().max(100_000) }).strict(),
  'workflows.listEntries': z.object({ path: z.string().max(4096) }).strict(),
  // Documents: the files tools wrote, their versions, undo.
  'documents.list': z.object({ conversationId: id }).strict(),
  /** The diff an undo would apply: of the write made by tool call `callId`, else of the last write not undone. */
  'documents.undoPreview': z.object({ conversationId: id, callId: id.optional() }).strict(),
  /** `confirmed` is needed when the file changed since the write (the current content is then kept as a version). */
  'documents.undo': z.object({ conversationId: id, callId: id.optional(), confirmed: z.boolean() }).strict(),
  'documents.diff': z.object({ conversationId: id, from: versionRefSchema, to: versionRefSchema }).strict(),
  'documents.restore': z.object({ conversationId: id, version: versionRefSchema }).strict(),
  /** Redo of an undone write (its row's "Undone · Redo"); `confirmed` as for undo when the file changed since the undo. */
  'documents.redo': z.object({ conversationId: id, callId: id, confirmed: z.boolean() }).strict(),
  /** The Documents browser: each document's metadata beside its versions. */
  'documents.browse': z.object({ conversationId: id }).strict(),
  /** One version's content for a preview (size-capped; binary described; pictures checked). */
  'documents.content': z.object({ conversationId: id, version: versionRefSchema }).strict(),
  /** Two versions of an artifact the model wrote (renderer/src/components/artifacts), compared by the one bounded diff. */
  'artifacts.diff': z
    .object({
      name: z.string().trim().min(1).max(200),
      before: z.string().max(DEFAULTS.rendererArtifacts.maxDiffChars),
      after: z.string().max(DEFAULTS.rendererArtifacts.maxDiffChars),
    })
    .strict(),
} as const;

export type CallName = keyof typeof callRequestSchemas;
export const CALL_NAMES = Object.keys(callRequestSchemas) as CallName[];

/** A command sent from a new chat (`conversationId: null`) is answered without storing a conversation. */
export type SendResult =
  | { type: 'run'; runId: string; conversationId: string }
  | { type: 'command'; conversationId: string | null; command: string; output: string };

export interface CallResponses {
  'models.list': ModelListResult;
  'chat.send': SendResult;
  'chat.continue': SendResult;
  'run.cancel': { cancelled: boolean };
  'settings.get': SettingsView;
  'settings.set': SettingsView;
  'approval.respond': { accepted: boolean; message: string | null };
  'depth.respond': { accepted: boolean };
  'question.answer': { accepted: boolean };
  'tools.list': ToolInfo[];
  'conversations.list': ConversationSummary[];
  'conversation.get': ConversationSnapshot;
  'app.openExternal': { opened: boolean; message: string | null };
  'conversation.rename': ConversationSummary;
  'conversation.pin': ConversationSummary;
  'conversation.selectBranch': { selected: boolean };
  'conversation.delete': { deleted: boolean };
  'conversations.search': ConversationSearchHit[];
  /** `content` is text, or base64 when `encoding` says so (a PDF). */
  'conversation.export': { filename: string; mimeType: string; content: string; encoding?: 'base64' };
  'conversation.import': ConversationSummary;
  'conversations.import': ImportResult;
  'workflow.resume': SendResult;
  'workflow.abandon': { abandoned: boolean };
  'conversation.setOptions': ConversationSummary;
  'conversation.confirmSystemPrompt': ConversationSummary;
  'chat.edit': SendResult;
  'chat.regenerate': SendResult;
  'models.pull': { pullId: string };
  'models.cancelPull': { cancelled: boolean };
  'models.delete': { deleted: boolean; message: string | null };
  'models.unload': { unloaded: boolean; message: string | null };
  'models.contextFit': ContextFit;
  'modelCheck.start': { checkId: string; resumed: number };
  'modelCheck.cancel': { cancelled: boolean };
  'modelCheck.list': ModelCheckList;
  'modelCheck.decideTuning': ProbeReport;
  'ollama.test': OllamaTestResult;
  'engineLibrary.list': LibraryView;
  'engineLibrary.download': { downloadId: string };
  'engineLibrary.pause': DownloadView;
  'engineLibrary.resume': DownloadView;
  'engineLibrary.cancel': DownloadView;
  'engineLibrary.remove': { removed: boolean };
  'engineLibrary.addFile': LocalModelView;
  'engineLibrary.use': { model: string };
  'servers.test': ServerTestResult;
  'localApi.get': LocalApiStatus;
  'localApi.set': LocalApiStatus;
  'localApi.rotateKey': { key: string; status: LocalApiStatus };
  'systemPrompts.list': SystemPromptPreset[];
  'systemPrompts.enhanced': EnhancedPromptView;
  'conversation.createFromPreset': ConversationSummary;
  'conversation.systemView': EnhancedPromptView;
  'projects.list': Project[];
  'projects.create': Project;
  'projects.update': Project;
  'projects.remove': { removed: boolean; moved: number };
  'conversation.moveToProject': ConversationSummary;
  'memory.list': MemoryListResult;
  'memory.add': Memory;
  'memory.update': Memory;
  'memory.remove': { removed: boolean };
  /** problem: what was wrong with the stored list (no folders were loaded from it); null when it read whole. */
  'knowledge.list': { folders: KnowledgeFolderView[]; problem: string | null };
  'knowledge.add': KnowledgeFolderView;
  'knowledge.remove': { removed: boolean };
  'knowledge.reindex': KnowledgeFolderView;
  'skills.list': SkillListing;
  'skills.preview': SkillInstallPreview;
  'skills.install': { name: string; folder: string };
  'skills.cancelPreview': { cancelled: true };
  'skills.remove': { removed: true };
  'mcp.list': { servers: McpServerView[] };
  'mcp.save': { server: McpServerView };
  'mcp.remove': { removed: true };
  'mcp.setEnabled': { server: McpServerView };
  'mcp.restart': { server: McpServerView };
  'mcp.import': { added: string[]; skipped: { name: string; reason: string }[] };
  'mcp.setToolEnabled': { server: McpServerView };
  'mcp.acceptToolChanges': { server: McpServerView };
  'mcp.alwaysAllowed.list': { tools: AlwaysAllowedTool[] };
  'mcp.alwaysAllowed.revoke': { tools: AlwaysAllowedTool[] };
  'mcp.resources.list': { resources: McpResourceInfo[] };
  'mcp.resources.read': McpResourceContent;
  'mcp.apps.open': McpAppOpenAnswer;
  'mcp.apps.callTool': McpAppCallAnswer;
  'mcp.apps.updateContext': { accepted: boolean; message: string | null; truncated: boolean };
  'mcp.apps.close': { closed: boolean };
  'mcp.auth.status': McpAuthStatus;
  'mcp.auth.signIn': { server: McpServerView };
  'mcp.auth.signOut': { server: McpServerView };
  'mcp.elicitation.answer': { accepted: boolean; message: string | null };
  'mcp.elicitation.pending': { requests: McpElicitationRequest[] };
  'mcp.registry.search': RegistrySearchResult;
  'mcp.registry.plan': RegistryPlanResult;
  'mcp.registry.install': { server: McpServerView };
  'mcp.registry.updates': { updates: RegistryUpdate[] };
  'workflows.list': WorkflowListResult;
  'workflows.run': WorkflowRunResult;
  'workflows.confirm': { accepted: boolean; message: string | null };
  'workflows.extractParams': WorkflowExtractResult;
  'workflows.validateDraft': WorkflowDraftResult;
  'workflows.saveDraft': WorkflowDraftResult;
  'workflows.listEntries': WorkspaceEntriesResult;
  'documents.list': DocumentsListResult;
  'documents.undoPreview': UndoPreview;
  'documents.undo': UndoResult;
  'documents.diff': { diff: string };
  'documents.restore': UndoResult;
  'documents.redo': UndoResult;
  'documents.browse': DocumentsBrowseResult;
  'documents.content': VersionContent;
  'artifacts.diff': { diff: string };
}

export type OllamaTestResult =
  | { type: 'ok'; host: string; version: string }
  | { type: 'unreachable'; host: string; message: string }
  | { type: 'error'; host: string; message: string };

/** Compile-time check that every call has a response type and no response lacks a call. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractIsComplete: Exact<keyof CallResponses, CallName> = true;
void contractIsComplete;

export type CallRequest<K extends CallName> = z.input<(typeof callRequestSchemas)[K]>;
export type ValidCallRequest<K extends CallName> = z.output<(typeof callRequestSchemas)[K]>;
export type CallResponse<K extends CallName> = CallResponses[K];

/** Events main pushes to the renderer. Deltas are coalesced into batches (one per frame). */
export interface EventPayloads {
  'taco-events': TacoEvent[];
  'model-events': ModelEvent[];
}
export type EventName = keyof EventPayloads;
export const EVENT_NAMES: EventName[] = ['taco-events', 'model-events'];

/** The API the renderer sees, whatever the transport. */
export interface TacoApi {
  call<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

export function isCallName(value: unknown): value is CallName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(callRequestSchemas, value);
}
