import { DEFAULTS } from '../../../../shared/constants';
import type { z } from 'zod';
import type { JsonObject } from '../../../../shared/contract/json';
import type { ToolParameterInfo } from '../../../../shared/tools/tool-info';
import type { RegisteredTool, ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';

/**
 * Repairs for the calls small models get wrong. Each returns words the model can act on; the
 * loop decides whether the miss counts as a tool failure.
 */

/** `read_file`, then `Read File`, `read-file`, `functions.read_file`, `READ_FILE` when exactly one tool matches. */
export function resolveTool(registry: ToolRegistry, name: string): RegisteredTool | undefined {
  const exact = registry.get(name);
  if (exact) return exact;
  const wanted = normalizeName(name);
  const matches = registry.list().filter((tool) => normalizeName(tool.info.toolId) === wanted);
  return matches.length === 1 ? matches[0] : undefined;
}

function normalizeName(name: string): string {
  return name
    .trim()
    .replace(/^(functions|tools|tool)\./i, '')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/** One line per tool: its name and the first sentence of its description. */
export function toolSummaryLines(tools: readonly RegisteredTool[]): string {
  return tools.map((tool) => `- ${tool.info.toolId}: ${firstSentence(tool.info.description)}`).join('\n');
}

export function unknownToolMessage(name: string, tools: readonly RegisteredTool[]): string {
  return refusedToolMessage(`There is no tool named "${name}"`, tools);
}

/** A tool that exists but was not offered in this step (or is not allowed in this conversation). */
export function unavailableToolMessage(name: string, tools: readonly RegisteredTool[]): string {
  return refusedToolMessage(`Not run: the tool "${name}" is not available here`, tools);
}

function refusedToolMessage(opening: string, tools: readonly RegisteredTool[]): string {
  if (tools.length === 0) return `${opening}, and no tools are available. Answer the user without tools.`;
  return [
    `${opening}. The available tools are:`,
    toolSummaryLines(tools),
    'Call one of these by its exact name, or answer without a tool.',
  ].join('\n');
}

/**
 * The first invalid call of a tool (retried once, with guidance on the parameters): one
 * line per bad or missing parameter with its type and description, then the full parameter list.
 */
export function invalidArgumentsMessage(tool: RegisteredTool, args: JsonObject, error: z.ZodError): string {
  const params = tool.info.parameters;
  const lines = new Map<string, string>();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) lines.set(key, `- "${key}": not a parameter of ${tool.info.toolId}.`);
      continue;
    }
    const key = String(issue.path[0] ?? '');
    const info = params[key];
    if (!key || !info) {
      lines.set(key || '(arguments)', `- ${key ? `"${key}"` : 'arguments'}: ${issue.message}.`);
      continue;
    }
    const problem = args[key] === undefined ? 'missing' : `wrong value (${lowerFirst(issue.message)})`;
    lines.set(key, `- "${key}" (${describeType(info)}${info.required ? ', required' : ''}): ${problem}. ${info.description}`);
  }
  return [
    `The arguments for ${tool.info.toolId} are not valid:`,
    ...lines.values(),
    `Parameters of ${tool.info.toolId}: ${parameterList(params)}.`,
    `Call ${tool.info.toolId} again with corrected arguments.`,
  ].join('\n');
}

export function describeType(info: ToolParameterInfo): string {
  if (info.type === 'array' && info.items) return `array of ${info.items.type}`;
  if (info.enum && info.enum.length > 0) return `${info.type}, one of ${info.enum.map((value) => `"${value}"`).join(', ')}`;
  return info.type;
}

export function parameterList(params: Record<string, ToolParameterInfo>): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return 'none';
  return entries.map(([name, info]) => `${name} (${describeType(info)}${info.required ? ', required' : ''})`).join(', ');
}

function firstSentence(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  const max = DEFAULTS.agent.toolSummaryMaxChars;
  return sentence.length > max ? `${sentence.slice(0, max - 1)}…` : sentence;
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
