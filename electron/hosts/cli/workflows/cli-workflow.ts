import type { WorkflowListResult, WorkflowRunResult } from '../../../../shared/workflows/workflow';
import { formatWorkflowProblem } from '../../../../shared/workflows/workflow';
import type { AppServices } from '../../../services/app/app-services-types';
import type { CliOutput, TextSink } from '../output/cli-output';
import { waitForRunWithInterrupt } from '../wait-for-run';

/** `--list-workflows`: every workflow by category, then any file that could not be loaded (stderr). */
export async function listWorkflowsCli(services: AppServices, io: { stdout: TextSink; stderr: TextSink }, json: boolean): Promise<0 | 1> {
  const listed = await services.handle('workflows.list', {});
  if (!listed.ok) {
    io.stderr.write(`${listed.error.message}\n`);
    return 1;
  }
  const result = listed.value as WorkflowListResult;
  if (json) {
    io.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  }
  for (const group of result.categories) {
    io.stdout.write(`${group.category}\n`);
    for (const info of group.workflows) {
      const params = info.definition.params.map((param) => `${param.name}${param.required ? '' : '?'}:${param.type}`).join(' ');
      io.stdout.write(`  ${info.definition.id}  ${info.definition.description}${params ? `  [${params}]` : ''}\n`);
    }
  }
  for (const problem of result.problems) io.stderr.write(`Not loaded: ${formatWorkflowProblem(problem)}\n`);
  return 0;
}

/** `--workflow ID --param …`: runs it headless; bad params exit 1 with one line per field. */
export async function runWorkflowCli(
  services: AppServices,
  request: { workflowId: string; params: Record<string, string>; model: string },
  output: CliOutput,
  onInterrupt: (handler: () => void) => () => void,
): Promise<0 | 1 | 2> {
  const started = await services.handle('workflows.run', { conversationId: null, ...request });
  if (!started.ok) {
    output.note(started.error.message);
    return 1;
  }
  const result = started.value as WorkflowRunResult;
  if (result.type === 'invalid') {
    output.note(`The workflow ${request.workflowId} was not run:`);
    for (const [name, message] of Object.entries(result.errors)) output.note(`  --param ${name}: ${message}`);
    return 1;
  }
  return waitForRunWithInterrupt(services, result.runId, output, onInterrupt);
}
