/** What the workflow flags ask for; `rest` is every other argument, for parseCliArgs. */
export type WorkflowArgs =
  | { type: 'none'; rest: string[] }
  | { type: 'list'; rest: string[] }
  | { type: 'run'; workflowId: string; params: Record<string, string>; confirm: boolean; rest: string[] }
  | { type: 'error'; message: string };

export const WORKFLOW_USAGE = `Workflows:
  --list-workflows           Print every workflow (grouped by category) and exit
  --workflow ID              Run a workflow instead of a prompt
  --param NAME=VALUE         A value for the workflow's form (repeat for each param)
  --confirm yes|no           Answer the workflow's confirm steps (default: no)`;

/**
 * Takes the workflow flags out of the CLI's arguments (the other flags keep their meaning).
 * `--param` may repeat; a name given twice, a param without "=", or --param/--confirm without
 * --workflow is an error in words.
 */
export function parseWorkflowArgs(argv: readonly string[]): WorkflowArgs {
  const rest: string[] = [];
  let workflowId: string | null = null;
  let confirm: string | null = null;
  let list = false;
  const params: Record<string, string> = {};
  let sawParam = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(index));
      break;
    }
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--list-workflows') {
      list = true;
      continue;
    }
    if (name !== '--workflow' && name !== '--param' && name !== '--confirm') {
      rest.push(arg);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) return { type: 'error', message: `${name} needs a value.` };
      value = next;
      index += 1;
    }
    if (name === '--workflow') {
      if (workflowId !== null) return { type: 'error', message: '--workflow is given twice.' };
      workflowId = value.trim();
    } else if (name === '--confirm') {
      confirm = value.trim().toLowerCase();
    } else {
      sawParam = true;
      const equals = value.indexOf('=');
      if (equals <= 0) return { type: 'error', message: `--param "${value}" must look like name=value.` };
      const key = value.slice(0, equals).trim();
      if (Object.hasOwn(params, key)) return { type: 'error', message: `--param ${key} is given twice.` };
      params[key] = value.slice(equals + 1);
    }
  }
  if (list) return { type: 'list', rest };
  if (workflowId === null) {
    if (sawParam || confirm !== null) return { type: 'error', message: '--param and --confirm go with --workflow ID.' };
    return { type: 'none', rest };
  }
  if (workflowId === '') return { type: 'error', message: '--workflow needs a workflow id (see --list-workflows).' };
  if (confirm !== null && confirm !== 'yes' && confirm !== 'no')
    return { type: 'error', message: `--confirm must be yes or no (got "${confirm}").` };
  return { type: 'run', workflowId, params, confirm: confirm === 'yes', rest };
}
