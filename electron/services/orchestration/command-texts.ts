import { DEFAULTS } from '../../../shared/constants';
import { SLASH_COMMANDS, WORKFLOW_COMMAND } from '../../../shared/conversations/commands';
import type { FrameState, StackFrame } from '../../../shared/tools/tool-stack';
import type { ToolInfo } from '../../../shared/tools/tool-info';
import { closeMatches } from './close-matches';

/**
 * The plain-text (markdown) answers to slash commands. Main parses the command
 * (`parseSlashCommand`) and shows one of these as a `command-output` event.
 */

export function helpText(): string {
  const lines = [...SLASH_COMMANDS, WORKFLOW_COMMAND].map(
    (command) => `- \`${command.args ? `${command.name} ${command.args}` : command.name}\` — ${command.summary}`,
  );
  return ['**Commands**', '', ...lines, '', 'Anything else you type goes to the model.'].join('\n');
}

export function unknownCommandText(input: string): string {
  const head = input.trim().split(/\s+/)[0] ?? input;
  if (head.toLowerCase() === '/tool') return 'Say which tool: /tool <name>, for example /tool read_file. Type /tools to see them all.';
  const suggestions = closeMatches(
    head,
    SLASH_COMMANDS.map((command) => command.name),
    1,
  );
  const hint = suggestions[0] ? ` Did you mean ${suggestions[0]}?` : '';
  return `Unknown command “${head}”.${hint} Type /help to see the commands.`;
}

export function toolsText(tools: readonly ToolInfo[]): string {
  if (tools.length === 0) return 'No tools are loaded.';
  const byCategory = new Map<string, ToolInfo[]>();
  for (const tool of tools) byCategory.set(tool.category, [...(byCategory.get(tool.category) ?? []), tool]);
  const sections = [...byCategory.keys()].sort().map((category) => {
    const entries = (byCategory.get(category) ?? []).slice().sort((a, b) => a.toolId.localeCompare(b.toolId));
    return [`**${category}**`, ...entries.map(toolLine)].join('\n');
  });
  return [`**Tools** (${tools.length})`, '', sections.join('\n\n'), '', 'Type /tool <name> for the details of one tool.'].join('\n');
}

function toolLine(tool: ToolInfo): string {
  const approval = tool.requiresApproval ? ', asks first' : '';
  return `- \`${tool.toolId}\` — ${firstSentence(tool.description)} (${tool.risk}${approval})`;
}

export function toolText(tools: readonly ToolInfo[], name: string): string {
  const wanted = name.trim();
  const tool =
    tools.find((candidate) => candidate.toolId === wanted) ??
    tools.find((candidate) => candidate.toolId.toLowerCase() === wanted.toLowerCase());
  if (!tool) {
    const matches = closeMatches(
      wanted,
      tools.map((candidate) => candidate.toolId),
      DEFAULTS.orchestration.toolSuggestionCount,
    );
    const hint = matches.length > 0 ? ` Did you mean ${matches.map((match) => `\`${match}\``).join(', ')}?` : '';
    return `No tool named “${wanted}”.${hint} Type /tools to see them all.`;
  }
  const parameters = Object.entries(tool.parameters).map(([parameter, info]) => {
    const type = info.type === 'array' && info.items ? `array of ${info.items.type}` : info.type;
    const extras = [
      info.enum ? `one of ${info.enum.join(', ')}` : null,
      info.default !== undefined ? `default ${String(info.default)}` : null,
    ].filter(Boolean);
    const suffix = extras.length > 0 ? ` (${extras.join('; ')})` : '';
    return `- \`${parameter}\` (${type}, ${info.required ? 'required' : 'optional'}): ${info.description}${suffix}`;
  });
  const returns = Object.entries(tool.returns).map(([field, description]) => `- \`${field}\`: ${description}`);
  return [
    `**${tool.toolId}** — ${tool.category}, ${tool.type} tool`,
    '',
    tool.description,
    '',
    '**Parameters**',
    ...(parameters.length > 0 ? parameters : ['None.']),
    ...(returns.length > 0 ? ['', '**Returns**', ...returns] : []),
    '',
    '**Usage**',
    tool.usageInstructions.trim() || 'No usage instructions.',
    '',
    `**Risk:** ${tool.risk}. **Approval:** ${tool.requiresApproval ? 'asks before running (unless allowed for this risk in Settings)' : 'not needed'}.`,
  ].join('\n');
}

export interface StatusInput {
  frames: readonly StackFrame[];
  depthLimit: number;
  /** The request the task started from; null when unknown. */
  originalRequest: string | null;
  /** For "started 12 s ago"; omitted when not given. */
  now?: number;
}

export function statusText(input: StatusInput): string {
  const { frames, depthLimit, originalRequest, now } = input;
  if (frames.length === 0) return 'No task in progress.';
  const levels = nestingLevels(frames);
  const lines = frames.map((frame, index) => {
    const indent = '  '.repeat(levels[index] ?? 0);
    const waiting = frame.waitingFor ? `, waiting for ${frame.waitingFor}` : '';
    const age = now !== undefined ? `, started ${Math.max(0, Math.round((now - frame.startedAt) / 1000))} s ago` : '';
    return `${indent}- \`${frame.tool}\` — ${stateWords(frame.state)}${waiting}${age}`;
  });
  return [
    '**Task in progress**',
    ...(originalRequest !== null ? [`Original request: "${originalRequest.replace(/\s+/g, ' ').trim()}"`] : []),
    `Depth: ${frames.length} of ${depthLimit}`,
    '',
    ...lines,
    '',
    'Type /cancel to abandon this task.',
  ].join('\n');
}

export function stateWords(state: FrameState): string {
  switch (state) {
    case 'running':
      return 'running';
    case 'waiting-approval':
      return 'waiting for your approval';
    case 'waiting-user':
      return 'waiting for you';
    case 'waiting-tool':
      return 'waiting for another tool';
    case 'done':
      return 'done';
    case 'failed':
      return 'failed';
    default: {
      const unreachable: never = state;
      return String(unreachable);
    }
  }
}

/** How far each frame nests under its parents (0 for frames directly above the request). */
function nestingLevels(frames: readonly StackFrame[]): number[] {
  const levelById = new Map<string, number>();
  return frames.map((frame) => {
    const parentLevel = frame.parentFrameId !== null ? levelById.get(frame.parentFrameId) : undefined;
    const level = parentLevel === undefined ? 0 : parentLevel + 1;
    levelById.set(frame.frameId, level);
    return level;
  });
}

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = /^(.+?[.!?])(\s|$)/.exec(flat);
  return match?.[1] ?? flat;
}
