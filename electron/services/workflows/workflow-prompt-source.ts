import type { WorkflowDefinition, WorkflowInfo, WorkflowProblem } from '../../../shared/workflows/workflow';
import { validateWorkflow } from './validate-workflow';

/** A prompt an MCP server offers (the MCP service's `listPrompts()` entries). */
export interface McpPromptInfo {
  server: string;
  name: string;
  description?: string;
  arguments: Array<{ name: string; description?: string; required?: boolean }>;
}

/**
 * The port through which MCP prompts become workflows. The MCP service implements it (the
 * integrator wires it); tests use an in-memory source. `getPrompt` returns the prompt's text with
 * the arguments filled in.
 */
export interface WorkflowPromptSource {
  listPrompts(): Promise<McpPromptInfo[]>;
  getPrompt(server: string, name: string, args: Record<string, string>): Promise<string>;
}

/** Category of an MCP server's prompts in the picker. */
export const mcpCategory = (server: string): string => `MCP · ${server}`;

/** Workflow id of an MCP prompt: `mcp__<server>__<name>`, lower_snake_case. */
export function mcpWorkflowId(server: string, name: string): string {
  const slug = (text: string): string =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
  return `mcp__${slug(server)}__${slug(name)}`.slice(0, 64);
}

/** The MCP argument named in a prompt workflow's param, by param name. */
export function mcpArgumentNames(prompt: McpPromptInfo): Map<string, string> {
  const names = new Map<string, string>();
  for (const argument of prompt.arguments) names.set(paramName(argument.name), argument.name);
  return names;
}

function paramName(argument: string): string {
  const slug = argument
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(slug) ? slug.slice(0, 64) : `arg_${slug}`.slice(0, 64);
}

/**
 * Each prompt becomes a one-step `prompt` workflow under "MCP · <server>": its arguments are the
 * form (string params, required as the server says). The step's text is a marker the engine
 * replaces by the server's rendered prompt (`getPrompt`) when it runs.
 */
export async function promptWorkflows(
  source: WorkflowPromptSource,
  knownTools?: ReadonlySet<string>,
): Promise<{ workflows: WorkflowInfo[]; problems: WorkflowProblem[] }> {
  const workflows: WorkflowInfo[] = [];
  const problems: WorkflowProblem[] = [];
  for (const prompt of await source.listPrompts()) {
    const file = `mcp/${prompt.server}/${prompt.name}`;
    const raw: WorkflowDefinition = {
      id: mcpWorkflowId(prompt.server, prompt.name),
      name: prompt.name,
      category: mcpCategory(prompt.server),
      description: prompt.description?.trim() || `The "${prompt.name}" prompt of the MCP server ${prompt.server}.`,
      params: prompt.arguments.map((argument) => ({
        name: paramName(argument.name),
        label: argument.name,
        type: 'text',
        required: argument.required === true,
        ...(argument.description ? { help: argument.description.slice(0, 500) } : {}),
      })),
      steps: [{ type: 'prompt', title: `Prompt ${prompt.name} from ${prompt.server}`, prompt: MCP_PROMPT_MARKER }],
    };
    const checked = validateWorkflow(raw, { file, expectedId: null }, knownTools);
    if (checked.ok) workflows.push({ definition: checked.definition, origin: 'mcp', file });
    else problems.push(...checked.problems);
  }
  return { workflows, problems };
}

/** The text of an MCP prompt workflow's only step; the engine asks the server for the real prompt. */
export const MCP_PROMPT_MARKER = '(the MCP server renders this prompt)';

/** For the engine: the rendered prompt of an MCP workflow, from the source that listed it. */
export async function renderMcpPrompt(
  source: WorkflowPromptSource,
  info: WorkflowInfo,
  values: Readonly<Record<string, string | number | boolean>>,
): Promise<string> {
  const [, server = '', name = ''] = /^mcp\/([^/]+)\/(.+)$/.exec(info.file) ?? [];
  const prompt = (await source.listPrompts()).find((entry) => entry.server === server && entry.name === name);
  if (!prompt) throw new Error(`The MCP server ${server} no longer offers the prompt "${name}".`);
  const args: Record<string, string> = {};
  for (const [param, argument] of mcpArgumentNames(prompt)) {
    if (Object.hasOwn(values, param) && values[param] !== '') args[argument] = String(values[param]);
  }
  return source.getPrompt(server, name, args);
}
