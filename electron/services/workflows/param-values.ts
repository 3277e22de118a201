import type {
  ParamCheck,
  WorkflowDefinition,
  WorkflowParam,
  WorkflowParamValue,
  WorkflowParamValues,
} from '../../../shared/workflows/workflow';
import { resolveWorkspacePath } from '../../../tools/files/guards/workspace-path';

type One = { ok: true; value: WorkflowParamValue | undefined } | { ok: false; message: string };

/**
 * Checks the values for a workflow's form in main (the renderer's form is never trusted), and
 * coerces the CLI's strings ("3", "true"). Every bad field gets its own message; unknown names
 * are refused; missing optional values take their default.
 */
export function checkParams(definition: WorkflowDefinition, values: Readonly<Record<string, unknown>>): ParamCheck {
  const errors: Record<string, string> = {};
  const out: WorkflowParamValues = {};
  const declared = new Set(definition.params.map((param) => param.name));
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) {
      errors[name] = `"${definition.id}" has no param "${name}" (its params: ${[...declared].join(', ') || 'none'})`;
    }
  }
  for (const param of definition.params) {
    const raw = Object.hasOwn(values, param.name) ? values[param.name] : undefined;
    const checked = checkOne(param, raw);
    if (!checked.ok) errors[param.name] = checked.message;
    else if (checked.value !== undefined) out[param.name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: out };
}

function checkOne(param: WorkflowParam, raw: unknown): One {
  const blank = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (blank) {
    if (param.default !== undefined) return { ok: true, value: param.default };
    if (param.required) return { ok: false, message: `${param.label} is required` };
    return { ok: true, value: param.type === 'boolean' ? false : '' };
  }
  switch (param.type) {
    case 'string':
    case 'text':
    case 'file':
    case 'folder': {
      if (typeof raw !== 'string') return { ok: false, message: `${param.label} must be text` };
      const length = raw.length;
      if (param.min !== undefined && length < param.min)
        return { ok: false, message: `${param.label} must be at least ${param.min} characters` };
      if (param.max !== undefined && length > param.max)
        return { ok: false, message: `${param.label} must be at most ${param.max} characters` };
      if (param.type === 'string' && raw.includes('\n')) return { ok: false, message: `${param.label} must be one line` };
      return { ok: true, value: param.type === 'text' ? raw : raw.trim() };
    }
    case 'number': {
      const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(value)) return { ok: false, message: `${param.label} must be a number` };
      if (param.min !== undefined && value < param.min) return { ok: false, message: `${param.label} must be at least ${param.min}` };
      if (param.max !== undefined && value > param.max) return { ok: false, message: `${param.label} must be at most ${param.max}` };
      return { ok: true, value };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const word = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      if (['true', 'yes', '1', 'on'].includes(word)) return { ok: true, value: true };
      if (['false', 'no', '0', 'off'].includes(word)) return { ok: true, value: false };
      return { ok: false, message: `${param.label} must be true or false` };
    }
    case 'enum': {
      const value = typeof raw === 'string' ? raw.trim() : String(raw);
      const options = param.options ?? [];
      if (!options.includes(value)) return { ok: false, message: `${param.label} must be one of: ${options.join(', ')}` };
      return { ok: true, value };
    }
    case 'date': {
      const value = typeof raw === 'string' ? raw.trim() : '';
      const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
      if (!valid || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
        return { ok: false, message: `${param.label} must be a date like 2026-01-31` };
      }
      return { ok: true, value };
    }
    default: {
      const unreachable: never = param.type;
      return unreachable;
    }
  }
}

/**
 * File and folder params must name something inside the workspace (the same resolution the file
 * tools use: no `..`, no absolute path outside, no symbolic link out). Per-field messages.
 */
export async function checkParamPaths(
  definition: WorkflowDefinition,
  values: WorkflowParamValues,
  workspace: string | null,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const param of definition.params) {
    if (param.type !== 'file' && param.type !== 'folder') continue;
    const value = values[param.name];
    if (typeof value !== 'string' || value === '') continue;
    try {
      await resolveWorkspacePath(workspace, value, { mustExist: param.type === 'file' });
    } catch (error) {
      errors[param.name] = `${param.label}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return errors;
}

export function formatParamErrors(errors: Readonly<Record<string, string>>): string {
  return Object.entries(errors)
    .map(([name, message]) => `--param ${name}: ${message}`)
    .join('\n');
}
