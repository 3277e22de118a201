import type { ToolInfo } from '../../shared/tools/tool-info';
import type { ToolRegistry } from './tool-runtime-types';

/** TOOLS.md: every tool, grouped by category, generated from the configs. */
export function renderToolsMarkdown(registry: ToolRegistry): string {
  const byCategory = new Map<string, ToolInfo[]>();
  for (const { info } of registry.list()) {
    byCategory.set(info.category, [...(byCategory.get(info.category) ?? []), info]);
  }
  const categories = [...byCategory.keys()].sort();
  const lines: string[] = [
    '<!-- Generated from tools/*/*.json by `npm run docs:tools` — do not edit. -->',
    '',
    '# Tools',
    '',
    'Generated — do not edit. Each tool is `tools/<category>/<tool_id>.json` (this text) plus',
    '`tools/<category>/<tool_id>.ts` (its code). Change the JSON, then run `npm run docs:tools`.',
    '',
  ];
  for (const category of categories) {
    const tools = [...(byCategory.get(category) ?? [])].sort((a, b) => a.toolId.localeCompare(b.toolId));
    lines.push(`- **${category}**: ${tools.map((tool) => `[\`${tool.toolId}\`](#${tool.toolId})`).join(', ')}`);
  }
  for (const category of categories) {
    lines.push('', `## ${category}`);
    for (const tool of [...(byCategory.get(category) ?? [])].sort((a, b) => a.toolId.localeCompare(b.toolId))) {
      lines.push('', ...renderTool(tool));
    }
  }
  return `${lines.join('\n')}\n`;
}

function renderTool(tool: ToolInfo): string[] {
  const lines = [
    `### ${tool.toolId}`,
    '',
    tool.description,
    '',
    `- Type: \`${tool.type}\``,
    `- Risk: \`${tool.risk}\``,
    `- Needs approval: ${tool.requiresApproval ? 'yes' : 'no'}`,
    '',
  ];
  const parameters = Object.entries(tool.parameters);
  if (parameters.length === 0) {
    lines.push('Parameters: none.');
  } else {
    lines.push('| Parameter | Type | Required | Description |', '|---|---|---|---|');
    for (const [name, parameter] of parameters) {
      const type = parameter.type === 'array' && parameter.items !== undefined ? `array of ${parameter.items.type}` : parameter.type;
      const extras = [
        parameter.enum !== undefined ? `One of: ${parameter.enum.map((v) => `\`${v}\``).join(', ')}.` : '',
        parameter.default !== undefined ? `Default: \`${String(parameter.default)}\`.` : '',
      ].filter((part) => part !== '');
      lines.push(
        `| \`${name}\` | ${type} | ${parameter.required ? 'yes' : 'no'} | ${cell([parameter.description, ...extras].join(' '))} |`,
      );
    }
  }
  lines.push('', 'Returns:', '');
  const returns = Object.entries(tool.returns);
  if (returns.length === 0) lines.push('- nothing');
  for (const [name, type] of returns) lines.push(`- \`${name}\`: ${type}`);
  lines.push('', `Usage: ${tool.usageInstructions}`);
  return lines;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
