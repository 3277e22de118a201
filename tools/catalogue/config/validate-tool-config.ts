import type { z } from 'zod';
import type { CatalogueProblem } from '../tool-catalogue-error';
import { toolConfigSchema, type ToolConfig } from './tool-config-schema';

export interface ConfigLocation {
  /** Shown in problems, e.g. "tools/files/read_file.json". */
  file: string;
  /** The file name without ".json": tool_id must equal it. */
  toolId: string;
  /** The folder name: category must equal it. */
  category: string;
}

export type ConfigValidation = { ok: true; config: ToolConfig } | { ok: false; problems: CatalogueProblem[] };

/** Validates a parsed config against the schema and against where the file lives. */
export function validateToolConfig(raw: unknown, location: ConfigLocation): ConfigValidation {
  const parsed = toolConfigSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.flatMap((issue) => describeIssue(issue, raw, location.file)) };
  }
  const problems: CatalogueProblem[] = [];
  if (parsed.data.tool_id !== location.toolId) {
    problems.push({
      file: location.file,
      field: 'tool_id',
      message: `is "${parsed.data.tool_id}" but the file is named "${location.toolId}.json"; they must match`,
    });
  }
  if (parsed.data.category !== location.category) {
    problems.push({
      file: location.file,
      field: 'category',
      message: `is "${parsed.data.category}" but the file is in the folder "${location.category}"; they must match`,
    });
  }
  return problems.length === 0 ? { ok: true, config: parsed.data } : { ok: false, problems };
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown, file: string): CatalogueProblem[] {
  const field = issue.path.length === 0 ? null : issue.path.map(String).join('.');
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        file,
        field: field === null ? key : `${field}.${key}`,
        message: 'unknown field; remove it or check its spelling',
      }));
    case 'invalid_type': {
      const expected = issue.expected === 'record' ? 'object' : issue.expected;
      if (valueAt(raw, issue.path) === undefined) return [{ file, field, message: `is missing (expected ${expected})` }];
      return [{ file, field, message: `expected ${expected}, got ${describeValue(valueAt(raw, issue.path))}` }];
    }
    case 'invalid_value':
      if (valueAt(raw, issue.path) === undefined) {
        return [{ file, field, message: `is missing (expected one of ${issue.values.map(String).join(', ')})` }];
      }
      return [{ file, field, message: `expected one of ${issue.values.map(String).join(', ')}` }];
    case 'invalid_key':
      return [{ file, field, message: issue.issues[0]?.message ?? issue.message }];
    case 'invalid_union':
      return [{ file, field, message: 'expected a string, a number or true/false' }];
    default:
      return [{ file, field, message: issue.message }];
  }
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = raw;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
