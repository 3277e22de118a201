import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { serversSchema } from '../models/servers';
import { webSearchSettingsSchema } from './web-search';
import { modelTuningsSchema } from '../probe/model-check';
import { httpUrlSchema } from '../contract/http-url';

// Node's fetch refuses an address with credentials, quoting it in its error; model servers refuse it too (shared/models/servers.ts).
const httpUrl = httpUrlSchema({
  empty: 'must not be empty',
  example: 'http://127.0.0.1:11434',
  noCredentials: 'must not contain a user name or password (user:password@): add a model server with an Authorization header instead',
});

export const RISKS = ['read', 'write', 'shell', 'network'] as const;
export type Risk = (typeof RISKS)[number];

export const approvalPolicySchema = z.enum(['ask', 'allow']);
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;
/** A user's choice for one tool: ask each time, run without asking, or never run it (never offered to the model, any call refused). */
export const toolApprovalSchema = z.enum(['ask', 'allow', 'never']);
export type ToolApproval = z.infer<typeof toolApprovalSchema>;

/** A tool id as the catalogue spells it (snake_case, like `read_file`). */
const toolIdKey = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, 'must be a snake_case tool id, for example read_file');
/** Per-tool overrides are few (one per catalogue tool at most); the cap keeps a bad file or patch small. */
export const MAX_TOOL_APPROVALS = 500;
const withinToolApprovalCap = (value: object): boolean => Object.keys(value).length <= MAX_TOOL_APPROVALS;
const toolApprovalCapMessage = `must hold at most ${MAX_TOOL_APPROVALS} tools`;

export const limitsSchema = z
  .object({
    maxIterations: z.number().int().min(1).max(100),
    maxConsecutiveErrors: z.number().int().min(1).max(20),
    runTimeoutMs: z
      .number()
      .int()
      .min(1000)
      .max(24 * 60 * 60_000),
    depthLimit: z.number().int().min(2).max(200),
    toolOutputBudgetChars: z.number().int().min(500).max(200_000),
  })
  .strict();

export const settingsSchema = z
  .object({
    ollamaHost: httpUrl,
    defaultModel: z.string().trim().min(1).max(200).nullable(),
    /** Upper bound on num_ctx; the model's own context length is used when smaller. */
    maxContextTokens: z.number().int().min(512).max(1_048_576),
    workspace: z.string().trim().min(1).max(4096).nullable(),
    limits: limitsSchema,
    approvals: z
      .object({ read: approvalPolicySchema, write: approvalPolicySchema, shell: approvalPolicySchema, network: approvalPolicySchema })
      .strict(),
    /** Per-tool overrides of `approvals`: 'ask' always asks, 'allow' never asks, 'never' never runs; a tool not listed follows its risk. */
    toolApprovals: z.record(toolIdKey, toolApprovalSchema).refine(withinToolApprovalCap, toolApprovalCapMessage),
    /** fetch_url may reach loopback, private and link-local addresses (off: only public sites). */
    allowPrivateNetworkFetch: z.boolean(),
    theme: z.enum(['system', 'light', 'dark']),
    fontSize: z.number().int().min(10).max(28),
    /** Tools offered per model request when more are enabled; 0 offers all of them. */
    toolBudget: z.number().int().min(0).max(1000),
    /** Ollama embedding model that ranks tools; '' ranks by keywords. */
    embeddingModel: z.string().trim().max(200),
    /** Model servers beyond `ollamaHost` (which is always the first one); see shared/servers.ts. Absent means none. */
    servers: serversSchema.optional(),
    /** Megabytes all kept file versions (undo) may take together; absent: DEFAULTS.documents.versionBudgetMb. */
    versionBudgetMb: z.number().int().min(1).max(1_000_000).optional(),
    /** Write every raw model request and response, secrets masked, to the data folder's logs/llm/DATE/ (also TACO_DEBUG_RAW=1). Off when absent. */
    debugRawLog: z.boolean().optional(),
    /**
     * A shell command that would ask runs without asking in the scratch sandbox instead (nothing
     * writable but its private /tmp, no network); absent: DEFAULTS.sandbox.runScratchCommandsWithoutAsking.
     */
    runScratchCommandsWithoutAsking: z.boolean().optional(),
    /** Read the skills other agents keep under the home folder (DEFAULTS.skills.otherAgentFolders); absent: off. */
    readOtherAgentsSkills: z.boolean().optional(),
    /** search_web's service; absent: off. */
    webSearch: webSearchSettingsSchema.optional(),
    /** The MCP registry Settings → MCP servers → Browse searches (API v0.1); absent: DEFAULTS.mcp.registry.defaultUrl. */
    mcpRegistryUrl: httpUrl.optional(),
    /** The conversation open when the window last changed conversation: a reload reopens it if it still exists. */
    lastConversationId: z.string().trim().min(1).max(200).nullable().optional(),
    /** Per model reference: the settings "Check this model" chose (shared/probe/model-check.ts); absent: none checked. */
    modelTuning: modelTuningsSchema.optional(),
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;

/** The settings whose value is a string, number or boolean (or unset): read in place, nothing to copy or to change. */
export type ScalarSettingKey = {
  [K in keyof Settings]-?: Settings[K] extends string | number | boolean | null | undefined ? K : never;
}[keyof Settings];

/** Settings as settings.get/settings.set answer them: masked headers, plus what main has to say about them (never stored). */
export type SettingsView = Settings & {
  /** Set when the workspace folder contains TACO's data folder: file tools refuse that folder, but the user should know. */
  workspaceNotice?: string;
  /**
   * Set when this system has no working sandbox for commands, with the reason in words: no command
   * can run without asking, so Settings offers no such switch (main refuses the setting's effect anyway).
   */
  commandSandboxMissing?: string;
};
export type Limits = z.infer<typeof limitsSchema>;

/** A change to settings: any top-level field, nested objects may be partial. */
export const settingsPatchSchema = z
  .object({
    ollamaHost: httpUrl.optional(),
    defaultModel: settingsSchema.shape.defaultModel.optional(),
    maxContextTokens: settingsSchema.shape.maxContextTokens.optional(),
    workspace: settingsSchema.shape.workspace.optional(),
    limits: limitsSchema.partial().optional(),
    approvals: settingsSchema.shape.approvals.partial().optional(),
    /** null removes the tool's override. */
    toolApprovals: z.record(toolIdKey, toolApprovalSchema.nullable()).refine(withinToolApprovalCap, toolApprovalCapMessage).optional(),
    allowPrivateNetworkFetch: settingsSchema.shape.allowPrivateNetworkFetch.optional(),
    theme: settingsSchema.shape.theme.optional(),
    fontSize: settingsSchema.shape.fontSize.optional(),
    toolBudget: settingsSchema.shape.toolBudget.optional(),
    embeddingModel: settingsSchema.shape.embeddingModel.optional(),
    /** The whole list; a masked header value keeps the stored one (see unmaskServers). */
    servers: serversSchema.optional(),
    versionBudgetMb: settingsSchema.shape.versionBudgetMb,
    debugRawLog: settingsSchema.shape.debugRawLog,
    runScratchCommandsWithoutAsking: settingsSchema.shape.runScratchCommandsWithoutAsking,
    readOtherAgentsSkills: settingsSchema.shape.readOtherAgentsSkills,
    webSearch: settingsSchema.shape.webSearch,
    mcpRegistryUrl: settingsSchema.shape.mcpRegistryUrl,
    lastConversationId: settingsSchema.shape.lastConversationId,
    /** The whole map (main writes it after a check; the user may clear a model's entry). */
    modelTuning: settingsSchema.shape.modelTuning,
  })
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export function defaultSettings(): Settings {
  return {
    ollamaHost: DEFAULTS.ollamaHost,
    defaultModel: null,
    maxContextTokens: DEFAULTS.maxContextTokens,
    workspace: null,
    limits: {
      maxIterations: DEFAULTS.maxIterations,
      maxConsecutiveErrors: DEFAULTS.maxConsecutiveErrors,
      runTimeoutMs: DEFAULTS.runTimeoutMs,
      depthLimit: DEFAULTS.depthLimit,
      toolOutputBudgetChars: DEFAULTS.toolOutputBudgetChars,
    },
    approvals: { read: 'allow', write: 'ask', shell: 'ask', network: 'ask' },
    toolApprovals: {},
    allowPrivateNetworkFetch: false,
    theme: 'system',
    fontSize: 14,
    toolBudget: DEFAULTS.toolBudget,
    embeddingModel: DEFAULTS.embeddingModel,
    servers: [],
  };
}

/** Apply a validated patch; nested objects merge, everything else replaces. */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  return {
    ...current,
    ...stripUndefined(patch),
    limits: { ...current.limits, ...stripUndefined(patch.limits ?? {}) },
    approvals: { ...current.approvals, ...stripUndefined(patch.approvals ?? {}) },
    toolApprovals: mergeToolApprovals(current.toolApprovals, patch.toolApprovals ?? {}),
  };
}

/** Each entry of the patch sets (or, when null, removes) that tool's override; the others stay. */
function mergeToolApprovals(
  current: Settings['toolApprovals'],
  patch: Record<string, ToolApproval | null | undefined>,
): Settings['toolApprovals'] {
  const next: Settings['toolApprovals'] = { ...current };
  for (const [toolId, policy] of Object.entries(patch)) {
    if (policy === null) delete next[toolId];
    else if (policy !== undefined) next[toolId] = policy;
  }
  return next;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
