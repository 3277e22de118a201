import { join } from 'node:path';
import type { AppContext } from '../app/app-context';
import { createConfirmBroker, type ConfirmGate } from './confirm-broker';
import { mcpPromptSource } from './mcp-prompt-source';
import { createWorkflowLibrary } from './workflow-library';
import { workflowHandlers } from './workflow-service';

/**
 * The workflow subsystem inside the app services: the library (built-ins, the data folder's
 * `workflows/`, MCP prompts), the confirm broker (or the host's gate) and the `workflows.*` calls.
 */
export function createWorkflowHandlers(ctx: AppContext, confirms: ConfirmGate | undefined): ReturnType<typeof workflowHandlers> {
  const userDir = join(ctx.options.dataDir, 'workflows');
  const knownTools = new Set(ctx.tools.list().map((tool) => tool.info.toolId));
  // MCP servers' prompts are workflows too, unless a host or a test gives its own source.
  const promptSource = ctx.options.workflowPromptSource ?? mcpPromptSource(ctx.mcp);
  const library = createWorkflowLibrary({
    userDir,
    knownTools,
    ...(ctx.options.builtinWorkflowsRoot ? { builtinRoot: ctx.options.builtinWorkflowsRoot } : {}),
    promptSources: [promptSource],
  });
  const broker = createConfirmBroker({ emit: ctx.hub.emit, newId: ctx.newId });
  return workflowHandlers(ctx, {
    library,
    broker,
    confirms: confirms ?? broker.gate,
    userDir,
    knownTools,
    promptSource,
  });
}
