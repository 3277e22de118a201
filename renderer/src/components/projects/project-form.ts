import { DEFAULTS } from '../../../../shared/constants';
import type { Project, ProjectFields, ProjectToolLimits } from '../../../../shared/projects/projects';

/** The project dialog's fields as typed (numbers as text; empty: follows Settings). */
export interface ProjectForm {
  name: string;
  workspace: string;
  defaultModel: string | null;
  presetId: string;
  instructions: string;
  maxIterations: string;
  timeoutSeconds: string;
  maxConsecutiveErrors: string;
  depthLimit: string;
  /** The project's conversations search the knowledge folders on every message (each may say otherwise). */
  searchKnowledge: boolean;
}

export type LimitField = 'maxIterations' | 'timeoutSeconds' | 'maxConsecutiveErrors' | 'depthLimit';

/** The tool limits a project may set: Settings → Limits' fields, with their bounds. */
export const PROJECT_LIMITS: ReadonlyArray<{ field: LimitField; label: string; min: number; max: number; unit?: string }> = [
  { field: 'maxIterations', label: 'Tool rounds per message', min: 1, max: 100 },
  { field: 'timeoutSeconds', label: 'Time limit per message', min: 1, max: 86_400, unit: 's' },
  { field: 'maxConsecutiveErrors', label: 'Tool errors in a row', min: 1, max: 20 },
  { field: 'depthLimit', label: 'Tool stack depth', min: 2, max: 200 },
];

export function projectForm(project: Project | null): ProjectForm {
  const limits = project?.toolLimits ?? {};
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    name: project?.name ?? '',
    workspace: project?.workspace ?? '',
    defaultModel: project?.defaultModel ?? null,
    presetId: project?.presetId ?? '',
    instructions: project?.instructions ?? '',
    maxIterations: text(limits.maxIterations),
    timeoutSeconds: limits.runTimeoutMs === undefined ? '' : String(Math.round(limits.runTimeoutMs / 1000)),
    maxConsecutiveErrors: text(limits.maxConsecutiveErrors),
    depthLimit: text(limits.depthLimit),
    searchKnowledge: project?.searchKnowledge ?? false,
  };
}

export type FormResult = { ok: true; fields: ProjectFields } | { ok: false; message: string; field: LimitField | 'name' | 'instructions' };

/** The form as the call's fields, or the first field that is out of bounds, in words (main checks again). */
export function projectFields(form: ProjectForm): FormResult {
  const name = form.name.trim();
  if (!name) return { ok: false, field: 'name', message: 'Give the project a name.' };
  const instructions = form.instructions.trim();
  const most = DEFAULTS.projects.maxInstructionsChars;
  if (instructions.length > most)
    return {
      ok: false,
      field: 'instructions',
      message: `The instructions are ${instructions.length.toLocaleString()} characters; shorten them to ${most.toLocaleString()} or fewer.`,
    };
  const toolLimits: ProjectToolLimits = {};
  for (const { field, label, min, max } of PROJECT_LIMITS) {
    const typed = form[field].trim();
    if (typed === '') continue;
    const value = Number(typed);
    if (!Number.isInteger(value) || value < min || value > max)
      return { ok: false, field, message: `${label} must be a whole number from ${min} to ${max}, or empty to follow Settings.` };
    if (field === 'timeoutSeconds') toolLimits.runTimeoutMs = value * 1000;
    else toolLimits[field] = value;
  }
  return {
    ok: true,
    fields: {
      name,
      workspace: form.workspace.trim() || null,
      defaultModel: form.defaultModel,
      presetId: form.presetId || null,
      toolLimits,
      searchKnowledge: form.searchKnowledge,
      instructions,
    },
  };
}
