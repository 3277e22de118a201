import { SLASH_COMMANDS } from '../../../../shared/commands';
import type { ToolInfo } from '../../../../shared/tool-info';

export interface Suggestion {
  type: 'command' | 'tool';
  /** The composer's text after accepting. */
  value: string;
  label: string;
  detail: string;
}

/** Completions for what is typed: slash commands after "/", tool names after "/tool ". */
export function suggestionsFor(text: string, tools: readonly ToolInfo[] | null): Suggestion[] {
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
  return SLASH_COMMANDS.filter((command) => command.name.startsWith(typed) && !(command.name === typed && !command.args)).map(
    (command) => ({
      type: 'command',
      value: command.args ? `${command.name} ` : command.name,
      label: command.args ? `${command.name} ${command.args}` : command.name,
      detail: command.summary,
    }),
  );
}

/** True when the text asks for tool names, so the catalogue should be loaded. */
export function wantsToolNames(text: string): boolean {
  return /^\/tool(\s|$)/i.test(text);
}
