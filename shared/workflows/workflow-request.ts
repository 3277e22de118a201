import { DEFAULTS } from '../constants';
import type { WorkflowDefinition, WorkflowParamValues } from './workflow';

/**
 * What the user asked for when they ran a workflow, in words, as their message in the chat: the
 * workflow's name and each filled input by its label, e.g. "Summarise a file (File: notes.txt;
 * Length: one sentence)". Values are flattened to one line, stripped of
 * invisible characters and cut, never read as markup (the chat
 * shows user messages as plain text); inputs left empty are left out.
 */
export function workflowRequestText(
  definition: Pick<WorkflowDefinition, 'name' | 'params'>,
  values: Readonly<WorkflowParamValues>,
): string {
  const parts = definition.params.flatMap((param) => {
    if (!Object.hasOwn(values, param.name)) return [];
    const shown = shownValue(values[param.name]);
    return shown === '' ? [] : [`${oneLine(param.label)}: ${shown}`];
  });
  return parts.length === 0 ? definition.name : `${definition.name} (${parts.join('; ')})`;
}

function shownValue(value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const flat = oneLine(String(value));
  const limit = DEFAULTS.workflows.requestValueChars;
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

// Control characters and the invisible direction and width marks: a value must read as what it is.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(INVISIBLE, '').trim();
}
