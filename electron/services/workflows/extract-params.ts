import type { WorkflowDefinition, WorkflowParamValues } from '../../../shared/workflows/workflow';
import type { ChatProvider } from '../provider/provider-types';
import { checkParams } from './param-values';

export interface ExtractResult {
  /** Values that passed the checks; the user reviews them in the form before running. */
  values: WorkflowParamValues;
  /** Per-field messages for what the model gave that does not fit (the field stays empty). */
  errors: Record<string, string>;
  /** Null when the model's answer was read; else why nothing could be taken from it. */
  problem: string | null;
}

/**
 * "Parameter extraction: parse from user input" (seed): one side request asking the model for a
 * JSON object with the form's fields, then the same checks as a run. Anything that is not JSON or
 * does not fit is dropped with a message; nothing runs until the user presses Run.
 */
export async function extractParams(
  provider: Pick<ChatProvider, 'complete'>,
  model: string,
  definition: WorkflowDefinition,
  text: string,
  signal: AbortSignal,
): Promise<ExtractResult> {
  if (definition.params.length === 0) return { values: {}, errors: {}, problem: null };
  const fields = definition.params.map((param) => {
    const kind =
      param.type === 'enum' ? `one of ${JSON.stringify(param.options ?? [])}` : param.type === 'date' ? 'date YYYY-MM-DD' : param.type;
    return `- "${param.name}" (${kind}${param.required ? ', required' : ''}): ${param.label}${param.help ? ` — ${param.help}` : ''}`;
  });
  const answer = await provider.complete({
    model,
    maxTokens: 400,
    signal,
    messages: [
      {
        role: 'system',
        content: `You fill in a form from the user's words. Answer with ONE JSON object and nothing else. Use only these keys, and leave out any the words do not give:\n${fields.join('\n')}`,
      },
      { role: 'user', content: `Form: ${definition.name}. ${definition.description}\n\nThe user's words:\n${text}` },
    ],
  });
  const parsed = readJsonObject(answer);
  if (!parsed) return { values: {}, errors: {}, problem: 'The model did not answer with a JSON object; fill in the form yourself.' };
  const declared = new Set(definition.params.map((param) => param.name));
  const given = Object.fromEntries(Object.entries(parsed).filter(([key, value]) => declared.has(key) && value !== null && value !== ''));
  const values: WorkflowParamValues = {};
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const single = {
      ...definition,
      params: definition.params.filter((param) => param.name === name).map((param) => ({ ...param, required: false })),
    };
    const checked = checkParams(single, { [name]: value });
    if (checked.ok) {
      const ok = checked.values[name];
      if (ok !== undefined) values[name] = ok;
    } else Object.assign(errors, checked.errors);
  }
  return { values, errors, problem: null };
}

/** The first {...} block of a reply (models wrap JSON in prose or fences); null when none parses. */
export function readJsonObject(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
