import { SLASH_COMMANDS, WORKFLOW_COMMAND } from '../../../../shared/conversations/commands';
import type { ToolInfo } from '../../../../shared/tools/tool-info';
import type { WorkflowInfo } from '../../../../shared/workflows/workflow';

export interface Suggestion {
  type: 'command' | 'tool' | 'workflow';
  /** The composer's text after accepting. */
  value: string;
  label: string;
  detail: string;
}

/** Completions for what is typed: slash commands after "/", tool names after "/tool ". */
export function suggestionsFor(text: string, tools: readonly ToolInfo[] | null, workflows: readonly WorkflowInfo[] = []): Suggestion[] {
  const workflowMatch = /^\/wf\s+(\S*)$/i.exec(text);
  if (workflowMatch) {
    const partial = (workflowMatch[1] ?? '').toLowerCase();
    return workflows
      .filter((info) => info.definition.id.includes(partial) && info.definition.id !== partial)
      .map((info) => ({
        type: 'workflow',
        value: `/wf ${info.definition.id} `,
        label: info.definition.id,
        detail: `${info.definition.category} · ${info.definition.name}`,
      }));
  }
  const toolMatch = /^\/tool\s+(\S*)$/i.exec(text);
  if (toolMatch) {
    const partial = (toolMatch[1] ?? '').toLowerCase();
    return (tools ?? [])
      .filter((tool) => tool.toolId.toLowerCase().includes(partial) && tool.toolId.toLowerCase() !== partial)
      .sort((a, b) => Number(!a.toolId.startsWith(partial)) - Number(!b.toolId.startsWith(partial)) || a.toolId.localeCompare(b.toolId))
      .map((tool) => ({ type: 'tool', value: `/tool ${tool.toolId}`, label: tool.toolId, detail: tool.description }));
  }
  const commandMatch = /^\/\S*$/.exec(text);
  if (!commandMatch) return [];
  const typed = text.toLowerCase();
  const workflowCommand: Suggestion[] = '/wf'.startsWith(typed)
    ? [
        {
          type: 'command',
          value: `${WORKFLOW_COMMAND.name} `,
          label: `${WORKFLOW_COMMAND.name} ${WORKFLOW_COMMAND.args}`,
          detail: WORKFLOW_COMMAND.summary,
        },
      ]
    : [];
  return [
    ...SLASH_COMMANDS.filter((command) => command.name.startsWith(typed) && !(command.name === typed && !command.args)).map(
      (command): Suggestion => ({
        type: 'command',
        value: command.args ? `${command.name} ` : command.name,
        label: command.args ? `${command.name} ${command.args}` : command.name,
        detail: command.summary,
      }),
    ),
    ...workflowCommand,
  ];
}

/** True when the text asks for workflow ids, so the workflow list should be loaded. */
export function wantsWorkflowNames(text: string): boolean {
  return /^\/wf(\s|$)/i.test(text);
}

/** True when the text asks for tool names, so the catalogue should be loaded. */
export function wantsToolNames(text: string): boolean {
  return /^\/tool(\s|$)/i.test(text);
}
