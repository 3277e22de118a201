import type { WorkflowCategory, WorkflowInfo, WorkflowParam, WorkflowStep } from '../../../shared/workflows/workflow';
import { stepTitle } from './run-workflow';

/** WORKFLOWS.md: every built-in workflow by category, generated from the definitions. */
export function renderWorkflowsMarkdown(categories: readonly WorkflowCategory[]): string {
  const lines: string[] = [
    '<!-- Generated from workflows/*/*.json by `npm run docs:workflows` — do not edit. -->',
    '',
    '# Workflows',
    '',
    'Generated — do not edit. Workflows are actions YOU invoke (the model invokes tools): a form of',
    'typed params, then steps run in order — `prompt` (through the agent loop), `tool` (one direct',
    'call, through the same approval gates) and `confirm` (you accept before it goes on). Each is',
    "`workflows/<category>/<id>.json`; your own go in the data folder's `workflows/` and show up",
    'without a restart. Templates use `{{param}}` and `{{steps.<n>.output}}` (0-based, earlier steps',
    'only). Run one from the composer (the workflow button, `/wf`, Ctrl+Shift+W) or headless:',
    '`npm run cli -- --workflow <id> --param name=value`.',
    '',
  ];
  for (const group of categories) {
    lines.push(
      `- **${group.category}**: ${group.workflows.map((info) => `[\`${info.definition.id}\`](#${info.definition.id})`).join(', ')}`,
    );
  }
  for (const group of categories) {
    lines.push('', `## ${group.category}`);
    for (const info of group.workflows) lines.push('', ...renderWorkflow(info));
  }
  return `${lines.join('\n')}\n`;
}

function renderWorkflow(info: WorkflowInfo): string[] {
  const { definition } = info;
  const lines = [`### ${definition.id}`, '', `**${definition.name}** — ${definition.description}`, ''];
  if (definition.params.length === 0) lines.push('No params.');
  else {
    lines.push('| param | type | required | default | help |', '| --- | --- | --- | --- | --- |');
    for (const param of definition.params) lines.push(paramRow(param));
  }
  lines.push('', 'Steps:', '');
  definition.steps.forEach((step, index) => lines.push(`${index + 1}. ${stepLine(step, index)}`));
  lines.push('', `Source: \`${info.file}\``);
  return lines;
}

function paramRow(param: WorkflowParam): string {
  const type = param.type === 'enum' ? `enum: ${(param.options ?? []).join(' | ')}` : param.type;
  const bounds = param.min !== undefined || param.max !== undefined ? ` (${param.min ?? ''}–${param.max ?? ''})` : '';
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return `| \`${param.name}\` | ${cell(type)}${bounds} | ${param.required ? 'yes' : 'no'} | ${param.default === undefined ? '' : `\`${String(param.default)}\``} | ${cell(`${param.label}${param.help ? ` — ${param.help}` : ''}`)} |`;
}

function stepLine(step: WorkflowStep, index: number): string {
  const title = stepTitle(step, index);
  switch (step.type) {
    case 'prompt': {
      const tools =
        step.tools === undefined ? 'every tool' : step.tools.length === 0 ? 'no tools' : step.tools.map((tool) => `\`${tool}\``).join(', ');
      return `**${title}** — \`prompt\` (${tools}${step.maxIterations ? `, at most ${step.maxIterations} rounds` : ''})`;
    }
    case 'tool':
      return `**${title}** — \`tool\` \`${step.tool}\``;
    case 'confirm':
      return `**${title}** — \`confirm\``;
    default: {
      const unreachable: never = step;
      return unreachable;
    }
  }
}
