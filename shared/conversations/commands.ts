/** Slash commands the composer offers; main parses and answers them. */
export const SLASH_COMMANDS = [
  { name: '/cancel', args: '', summary: 'Stop the current run and clear the tool stack' },
  { name: '/status', args: '', summary: 'Show the tool stack and the current task' },
  { name: '/help', args: '', summary: 'List the commands' },
  { name: '/tools', args: '', summary: 'List the tools, grouped by category' },
  { name: '/tool', args: '<name>', summary: 'Describe one tool: parameters, usage, risk' },
  { name: '/undo', args: '[confirm]', summary: 'Undo the last file write of this conversation' },
] as const;

/**
 * `/wf`: run a workflow. The renderer handles it (it opens the workflow's form); main lists it in
 * /help with the others.
 */
export const WORKFLOW_COMMAND = {
  name: '/wf',
  args: '<workflow> [what you want]',
  summary: 'Run a workflow: pick it, fill its form (or let the model fill it)',
} as const;

/** What the app asks when the composer is sent empty while a task is pending; the GUI shows it as buttons, the CLI as (y/n). */
export const CONTINUE_PROMPT = 'Continue with current task? (y/n)';

export type SlashCommand =
  | { type: 'cancel' }
  | { type: 'status' }
  | { type: 'help' }
  | { type: 'tools' }
  | { type: 'tool'; name: string }
  /** `confirmed`: "/undo confirm", needed when the file changed since the write. */
  | { type: 'undo'; confirmed: boolean }
  | { type: 'unknown'; input: string };

/** Parse "/tool read_file" and friends; null when the text is not a command. */
export function parseSlashCommand(text: string): SlashCommand | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/')) return null;
  const [head = '', ...rest] = trimmed.split(/\s+/);
  const argument = rest.join(' ').trim();
  switch (head.toLowerCase()) {
    case '/cancel':
      return { type: 'cancel' };
    case '/status':
      return { type: 'status' };
    case '/help':
      return { type: 'help' };
    case '/tools':
      return { type: 'tools' };
    case '/tool':
      return argument ? { type: 'tool', name: argument } : { type: 'unknown', input: trimmed };
    case '/undo':
      if (argument === '') return { type: 'undo', confirmed: false };
      return argument.toLowerCase() === 'confirm' ? { type: 'undo', confirmed: true } : { type: 'unknown', input: trimmed };
    default:
      return { type: 'unknown', input: trimmed };
  }
}
