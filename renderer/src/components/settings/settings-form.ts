// Types only: shared/settings.ts carries zod schemas the renderer must not bundle.
import { DEFAULTS } from '../../../../shared/constants';
import type { Risk, Settings, SettingsPatch } from '../../../../shared/settings/settings';
import type { WebSearchSettings } from '../../../../shared/settings/web-search';
import type { ServerConfig } from '../../../../shared/models/servers';
import { savedChoice, type ApprovalChoice } from '../catalogue/tool-approval-choice';

/** The tool whose approval is the memory saving rule (Settings → Memory). */
export const SAVE_MEMORY_TOOL = 'save_memory';

export const RISK_WORDS: Record<Risk, string> = {
  read: 'Reading files',
  write: 'Writing files',
  shell: 'Running commands',
  network: 'Using the network',
};
export const RISKS = Object.keys(RISK_WORDS) as Risk[];

/** What the form holds: numbers as typed (main validates them), the workspace as text ('' = none). */
export interface SettingsForm {
  host: string;
  defaultModel: string | null;
  workspace: string;
  maxIterations: string;
  timeoutSeconds: string;
  maxConsecutiveErrors: string;
  depthLimit: string;
  approvals: Settings['approvals'];
  allowPrivateNetworkFetch: boolean;
  theme: Settings['theme'];
  fontSize: string;
  toolBudget: string;
  embeddingModel: string;
  versionBudgetMb: string;
  debugRawLog: boolean;
  runScratchCommandsWithoutAsking: boolean;
  /** Read skills from ~/.claude/skills and ~/.agents/skills too. */
  readOtherAgentsSkills: boolean;
  webSearchProvider: WebSearchSettings['provider'];
  /** As settings.get shows it: the mask when a key is stored (sent back, it keeps that key). */
  ollamaApiKey: string;
  searxngUrl: string;
  /** The model servers beyond the Ollama address, as the list shows them (saved with Save, like the rest). */
  servers: ServerConfig[];
  /** The memory saving rule: save_memory's approval choice (default, ask, allow, never), as in the catalogue. */
  memorySaving: ApprovalChoice;
}

export type NumberField =
  'maxIterations' | 'timeoutSeconds' | 'maxConsecutiveErrors' | 'depthLimit' | 'fontSize' | 'toolBudget' | 'versionBudgetMb';

/** Words for each field, also used to turn main's field paths into words. */
export const FIELD_LABELS: Record<string, string> = {
  ollamaHost: 'Ollama host',
  defaultModel: 'Model for new chats',
  workspace: 'Workspace folder',
  'limits.maxIterations': 'Tool rounds per message',
  'limits.runTimeoutMs': 'Time limit per message',
  'limits.maxConsecutiveErrors': 'Tool errors in a row',
  'limits.depthLimit': 'Tool stack depth',
  theme: 'Theme',
  fontSize: 'Text size',
  toolBudget: 'Tools per request',
  embeddingModel: 'Embedding model for tool ranking',
  versionBudgetMb: 'Space for file versions',
  'webSearch.searxngUrl': 'SearXNG address',
  'webSearch.ollamaApiKey': 'Ollama API key',
};

export function formFromSettings(settings: Settings): SettingsForm {
  return {
    host: settings.ollamaHost,
    defaultModel: settings.defaultModel,
    workspace: settings.workspace ?? '',
    maxIterations: String(settings.limits.maxIterations),
    timeoutSeconds: String(Math.round(settings.limits.runTimeoutMs / 1000)),
    maxConsecutiveErrors: String(settings.limits.maxConsecutiveErrors),
    depthLimit: String(settings.limits.depthLimit),
    approvals: { ...settings.approvals },
    allowPrivateNetworkFetch: settings.allowPrivateNetworkFetch,
    theme: settings.theme,
    fontSize: String(settings.fontSize),
    toolBudget: String(settings.toolBudget),
    embeddingModel: settings.embeddingModel,
    versionBudgetMb: String(settings.versionBudgetMb ?? DEFAULTS.documents.versionBudgetMb),
    debugRawLog: settings.debugRawLog === true,
    runScratchCommandsWithoutAsking: settings.runScratchCommandsWithoutAsking ?? DEFAULTS.sandbox.runScratchCommandsWithoutAsking,
    readOtherAgentsSkills: settings.readOtherAgentsSkills === true,
    webSearchProvider: settings.webSearch?.provider ?? 'off',
    ollamaApiKey: settings.webSearch?.ollamaApiKey ?? '',
    searxngUrl: settings.webSearch?.searxngUrl ?? '',
    servers: settings.servers ?? [],
    memorySaving: savedChoice(settings.toolApprovals, SAVE_MEMORY_TOOL),
  };
}

export type FormPatch = { type: 'ok'; patch: SettingsPatch } | { type: 'invalid'; field: NumberField; message: string };

/** A whole number as typed, or null when the text is not one. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

const NUMBER_WORDS: Record<NumberField, string> = {
  maxIterations: 'Tool rounds per message',
  timeoutSeconds: 'Time limit per message',
  maxConsecutiveErrors: 'Tool errors in a row',
  depthLimit: 'Tool stack depth',
  fontSize: 'Text size',
  toolBudget: 'Tools per request',
  versionBudgetMb: 'Space for file versions',
};

/**
 * Only what changed, so main validates exactly what the user touched. Text that is not a number
 * at all is caught here (main could not even be asked); ranges are main's to check.
 */
export function patchFromForm(settings: Settings, form: SettingsForm): FormPatch {
  const numbers = {} as Record<NumberField, number>;
  for (const field of Object.keys(NUMBER_WORDS) as NumberField[]) {
    const value = wholeNumber(form[field]);
    if (value === null) return { type: 'invalid', field, message: `${NUMBER_WORDS[field]} must be a whole number.` };
    numbers[field] = value;
  }
  const patch: SettingsPatch = {};
  if (form.host.trim() !== settings.ollamaHost) patch.ollamaHost = form.host.trim();
  if (form.defaultModel !== settings.defaultModel) patch.defaultModel = form.defaultModel;
  const workspace = form.workspace.trim() === '' ? null : form.workspace.trim();
  if (workspace !== settings.workspace) patch.workspace = workspace;
  const limits: NonNullable<SettingsPatch['limits']> = {};
  if (numbers.maxIterations !== settings.limits.maxIterations) limits.maxIterations = numbers.maxIterations;
  if (numbers.timeoutSeconds !== Math.round(settings.limits.runTimeoutMs / 1000)) limits.runTimeoutMs = numbers.timeoutSeconds * 1000;
  if (numbers.maxConsecutiveErrors !== settings.limits.maxConsecutiveErrors) limits.maxConsecutiveErrors = numbers.maxConsecutiveErrors;
  if (numbers.depthLimit !== settings.limits.depthLimit) limits.depthLimit = numbers.depthLimit;
  if (Object.keys(limits).length > 0) patch.limits = limits;
  if (RISKS.some((risk) => form.approvals[risk] !== settings.approvals[risk])) patch.approvals = form.approvals;
  if (form.allowPrivateNetworkFetch !== settings.allowPrivateNetworkFetch) patch.allowPrivateNetworkFetch = form.allowPrivateNetworkFetch;
  if (form.theme !== settings.theme) patch.theme = form.theme;
  if (numbers.fontSize !== settings.fontSize) patch.fontSize = numbers.fontSize;
  if (numbers.toolBudget !== settings.toolBudget) patch.toolBudget = numbers.toolBudget;
  if (form.embeddingModel.trim() !== settings.embeddingModel) patch.embeddingModel = form.embeddingModel.trim();
  if (numbers.versionBudgetMb !== (settings.versionBudgetMb ?? DEFAULTS.documents.versionBudgetMb)) {
    patch.versionBudgetMb = numbers.versionBudgetMb;
  }
  if (form.debugRawLog !== (settings.debugRawLog === true)) patch.debugRawLog = form.debugRawLog;
  if (form.readOtherAgentsSkills !== (settings.readOtherAgentsSkills === true)) patch.readOtherAgentsSkills = form.readOtherAgentsSkills;
  if (JSON.stringify(form.servers) !== JSON.stringify(settings.servers ?? [])) patch.servers = form.servers;
  if (form.memorySaving !== savedChoice(settings.toolApprovals, SAVE_MEMORY_TOOL))
    patch.toolApprovals = { [SAVE_MEMORY_TOOL]: form.memorySaving === 'default' ? null : form.memorySaving };
  if (
    form.runScratchCommandsWithoutAsking !== (settings.runScratchCommandsWithoutAsking ?? DEFAULTS.sandbox.runScratchCommandsWithoutAsking)
  )
    patch.runScratchCommandsWithoutAsking = form.runScratchCommandsWithoutAsking;
  const webSearch = webSearchFromForm(form);
  const stored = settings.webSearch;
  if (
    webSearch.provider !== (stored?.provider ?? 'off') ||
    (webSearch.ollamaApiKey ?? '') !== (stored?.ollamaApiKey ?? '') ||
    (webSearch.searxngUrl ?? '') !== (stored?.searxngUrl ?? '')
  ) {
    patch.webSearch = webSearch;
  }
  return { type: 'ok', patch };
}

/** The whole web search setting (main stores it whole); empty fields left out, a masked key kept as is (main keeps the stored one). */
function webSearchFromForm(form: SettingsForm): WebSearchSettings {
  const key = form.ollamaApiKey.trim();
  const url = form.searxngUrl.trim();
  return { provider: form.webSearchProvider, ...(key !== '' ? { ollamaApiKey: key } : {}), ...(url !== '' ? { searxngUrl: url } : {}) };
}

/** Main's `settings.set: invalid request: "limits.maxIterations" too big…` with the field in words. */
export function describeRefusal(message: string): string {
  return message
    .replace(/^settings\.set: invalid request: /, 'Not saved: ')
    .replace(/"([\w.]+)"/g, (whole, path: string) => (FIELD_LABELS[path] ? `“${FIELD_LABELS[path]}”` : whole));
}
