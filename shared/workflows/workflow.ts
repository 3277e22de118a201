import { z } from 'zod';
import { DEFAULTS } from '../constants';

/**
 * Workflows (seed agent-mode, Decision 3 and 5): actions the USER invokes, with a typed form and
 * steps run in order. One JSON file per workflow; this schema is what every file must satisfy.
 * The renderer sees the same shape (`WorkflowDefinition`) in `workflows.list`.
 */
export const WORKFLOW_PARAM_TYPES = ['string', 'text', 'number', 'boolean', 'enum', 'file', 'folder', 'date'] as const;
export type WorkflowParamType = (typeof WORKFLOW_PARAM_TYPES)[number];

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be lower_snake_case: a letter, then letters, digits or _ (at most 64)');
const shortText = z.string().trim().min(1).max(200);

export const workflowParamSchema = z
  .object({
    name: identifier,
    label: shortText,
    type: z.enum(WORKFLOW_PARAM_TYPES),
    required: z.boolean().default(false),
    default: z.union([z.string(), z.number(), z.boolean()]).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    options: z.array(z.string().min(1).max(200)).min(1).max(50).optional(),
    help: z.string().max(500).optional(),
  })
  .strict();

const stepTitle = z.string().trim().min(1).max(120).optional();

export const workflowStepSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('prompt'),
      title: stepTitle,
      /** Run through the agent loop; `{{param}}` and `{{steps.<n>.output}}` are filled in first. */
      prompt: z.string().trim().min(1).max(20_000),
      /** The only tools the model may call in this step; absent: every tool; []: none. */
      tools: z.array(z.string().min(1).max(64)).max(40).optional(),
      maxIterations: z.number().int().min(1).max(50).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('tool'),
      title: stepTitle,
      tool: z.string().min(1).max(64),
      /** Each value is a template (strings) or a fixed value. */
      args: z.record(z.string(), z.union([z.string().max(20_000), z.number(), z.boolean()])).default({}),
    })
    .strict(),
  z
    .object({
      type: z.literal('confirm'),
      title: stepTitle,
      /** Shown to the user, who must accept before the workflow goes on. */
      message: z.string().trim().min(1).max(20_000),
    })
    .strict(),
]);

export const workflowDefinitionSchema = z
  .object({
    id: identifier,
    name: shortText,
    category: shortText,
    description: z.string().trim().min(1).max(1000),
    params: z.array(workflowParamSchema).max(DEFAULTS.workflows.maxParams).default([]),
    steps: z.array(workflowStepSchema).min(1).max(DEFAULTS.workflows.maxSteps),
  })
  .strict();

export type WorkflowParam = z.output<typeof workflowParamSchema>;
export type WorkflowStep = z.output<typeof workflowStepSchema>;
export type WorkflowStepType = WorkflowStep['type'];
export type WorkflowDefinition = z.output<typeof workflowDefinitionSchema>;

/** Where a workflow comes from: the repo's `workflows/` folder, the data folder, or an MCP server's prompt. */
export type WorkflowOrigin = 'builtin' | 'user' | 'mcp';

export interface WorkflowInfo {
  definition: WorkflowDefinition;
  origin: WorkflowOrigin;
  /** Shown in problems and docs, e.g. "workflows/files/summarise_file.json". */
  file: string;
}

/** One thing wrong with a workflow file: which file, which field (null: the whole file), what. */
export interface WorkflowProblem {
  file: string;
  field: string | null;
  message: string;
}

export interface WorkflowCategory {
  category: string;
  workflows: WorkflowInfo[];
}

/** `workflows.list`: every workflow grouped by category, plus the files that could not be loaded. */
export interface WorkflowListResult {
  categories: WorkflowCategory[];
  problems: WorkflowProblem[];
}

/** A param value as it travels: the form and the CLI give strings, numbers and booleans. */
export type WorkflowParamValue = string | number | boolean;
export type WorkflowParamValues = Record<string, WorkflowParamValue>;

/** Per-field messages when the values do not fit the form. */
export type ParamCheck = { ok: true; values: WorkflowParamValues } | { ok: false; errors: Record<string, string> };

export type WorkflowStepState = 'running' | 'done' | 'failed' | 'skipped';

/** Why a workflow ended. `denied` and `declined` stop it before the next step. */
export const WORKFLOW_FINISH_REASONS = ['complete', 'denied', 'declined', 'failed', 'cancelled'] as const;
export type WorkflowFinishReason = (typeof WORKFLOW_FINISH_REASONS)[number];

export function formatWorkflowProblem(problem: WorkflowProblem): string {
  return problem.field === null ? `${problem.file}: ${problem.message}` : `${problem.file}: field "${problem.field}": ${problem.message}`;
}

/** `workflows.run`: a run started, or the values did not fit (one message per field). */
export type WorkflowRunResult =
  { type: 'run'; runId: string; conversationId: string } | { type: 'invalid'; errors: Record<string, string> };

/** `workflows.extractParams`: values the model found in the user's words, already checked in main. */
export interface WorkflowExtractResult {
  values: WorkflowParamValues;
  errors: Record<string, string>;
  problem: string | null;
}

/** `workflows.validateDraft` / `workflows.saveDraft`: the problems of a draft (none: it is valid). */
export interface WorkflowDraftResult {
  ok: boolean;
  problems: WorkflowProblem[];
  /** saveDraft: where it was saved ("data/workflows/<id>.json"); null when not saved. */
  file: string | null;
}

/** `workflows.listEntries`: a folder of the workspace for the file and folder pickers. */
export interface WorkspaceEntriesResult {
  /** The folder listed, relative to the workspace ("." for its root). */
  path: string;
  entries: Array<{ name: string; path: string; type: 'file' | 'folder' }>;
  /** Why nothing could be listed (no workspace, outside it, not a folder), else null. */
  problem: string | null;
}
