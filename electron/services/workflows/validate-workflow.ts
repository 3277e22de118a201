import type { z } from 'zod';
import {
  workflowDefinitionSchema,
  type WorkflowDefinition,
  type WorkflowParam,
  type WorkflowProblem,
  type WorkflowStep,
} from '../../../shared/workflows/workflow';
import { templateProblems } from '../../../shared/workflows/workflow-template';

export interface WorkflowLocation {
  /** Shown in problems, e.g. "workflows/files/summarise_file.json". */
  file: string;
  /** The file name without ".json": the id must equal it (null: no file, e.g. a draft or an MCP prompt). */
  expectedId: string | null;
}

export type WorkflowValidation = { ok: true; definition: WorkflowDefinition } | { ok: false; problems: WorkflowProblem[] };

/**
 * Checks one parsed workflow file: the schema, then what a schema cannot say — param names unique,
 * defaults that fit their type, enum options, and every template placeholder naming a declared
 * param or an EARLIER step. `knownTools` (the catalogue's ids) catches a misspelt tool at load time.
 */
export function validateWorkflow(raw: unknown, location: WorkflowLocation, knownTools?: ReadonlySet<string>): WorkflowValidation {
  const parsed = workflowDefinitionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => describeIssue(issue, location.file)) };
  const definition = parsed.data;
  const problems: WorkflowProblem[] = [];
  const add = (field: string | null, message: string): void => {
    problems.push({ file: location.file, field, message });
  };

  if (location.expectedId !== null && definition.id !== location.expectedId) {
    add('id', `is "${definition.id}" but the file is named "${location.expectedId}.json"; they must match`);
  }
  const names = new Set<string>();
  definition.params.forEach((param, index) => {
    if (names.has(param.name)) add(`params.${index}.name`, `"${param.name}" is declared twice; param names must be unique`);
    names.add(param.name);
    for (const message of paramProblems(param)) add(`params.${index}`, message);
  });
  definition.steps.forEach((step, index) => {
    for (const [field, template] of stepTemplates(step)) {
      for (const message of templateProblems(template, names, index)) add(`steps.${index}.${field}`, message);
    }
    if (knownTools)
      for (const [field, tool] of stepTools(step)) {
        if (!knownTools.has(tool)) add(`steps.${index}.${field}`, `"${tool}" is not a tool in the catalogue (see TOOLS.md)`);
      }
  });
  return problems.length === 0 ? { ok: true, definition } : { ok: false, problems };
}

function paramProblems(param: WorkflowParam): string[] {
  const problems: string[] = [];
  if (param.type === 'enum' && !param.options) problems.push('an enum param needs "options"');
  if (param.type !== 'enum' && param.options) problems.push(`"options" is only for enum params (this one is ${param.type})`);
  if ((param.min !== undefined || param.max !== undefined) && param.type !== 'number' && param.type !== 'string' && param.type !== 'text') {
    problems.push(`"min"/"max" apply to number, string and text params only`);
  }
  if (param.min !== undefined && param.max !== undefined && param.min > param.max) problems.push('"min" is larger than "max"');
  if (param.default !== undefined) {
    const expected = param.type === 'number' ? 'number' : param.type === 'boolean' ? 'boolean' : 'string';
    if (typeof param.default !== expected) problems.push(`"default" must be a ${expected} for a ${param.type} param`);
    else if (param.type === 'enum' && param.options && !param.options.includes(String(param.default))) {
      problems.push(`"default" must be one of the options (${param.options.join(', ')})`);
    }
  }
  return problems;
}

function stepTemplates(step: WorkflowStep): Array<[string, string]> {
  switch (step.type) {
    case 'prompt':
      return [['prompt', step.prompt]];
    case 'confirm':
      return [['message', step.message]];
    case 'tool':
      return Object.entries(step.args).flatMap(([key, value]): Array<[string, string]> =>
        typeof value === 'string' ? [[`args.${key}`, value]] : [],
      );
    default: {
      const unreachable: never = step;
      return unreachable;
    }
  }
}

function stepTools(step: WorkflowStep): Array<[string, string]> {
  if (step.type === 'tool') return [['tool', step.tool]];
  if (step.type === 'prompt' && step.tools) return step.tools.map((tool, index): [string, string] => [`tools.${index}`, tool]);
  return [];
}

function describeIssue(issue: z.core.$ZodIssue, file: string): WorkflowProblem {
  const field = issue.path.length === 0 ? null : issue.path.map(String).join('.');
  switch (issue.code) {
    case 'unrecognized_keys':
      return {
        file,
        field,
        message: `unknown field(s) ${issue.keys.map((key) => `"${key}"`).join(', ')}; remove them or check the spelling`,
      };
    case 'invalid_type':
      return { file, field, message: issue.input === undefined ? `is missing (expected ${issue.expected})` : `expected ${issue.expected}` };
    case 'invalid_value':
      return { file, field, message: `expected one of ${issue.values.map(String).join(', ')}` };
    case 'invalid_union':
      return { file, field, message: 'is not a prompt, tool or confirm step (check "type")' };
    default:
      return { file, field, message: issue.message };
  }
}
