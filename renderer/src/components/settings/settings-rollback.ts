import type { LocalApiStatus } from '../../../../shared/settings/local-api';
import type { McpServerConfig, McpServerView } from '../../../../shared/mcp/mcp';
import { configFromForm, formFromServer } from '../mcp/mcp-server-form';

/**
 * Cancel in Settings undoes what this visit changed on the pages whose changes reach main as they
 * are made (MCP servers run and show their tools at once; the Local API listens at once): one
 * step per difference between what the page showed when Settings opened and what it shows now.
 * Removing an MCP server is not among them: it waits for Save (it deletes its sign-in).
 */
export type McpUndoStep =
  | { type: 'remove'; name: string }
  | { type: 'restore'; name: string; config: McpServerConfig }
  | { type: 'enable'; name: string; enabled: boolean }
  | { type: 'tool'; name: string; tool: string; enabled: boolean };

/** What an MCP server's view says about its config (env and header values never reach the renderer: their keys do). */
function configShown(server: McpServerView): string {
  const { command, args, cwd, url, envKeys, headerKeys, approval, timeoutMs, transport } = server;
  return JSON.stringify({ command, args, cwd, url, envKeys, headerKeys, approval, timeoutMs, transport });
}

/** The steps that bring the MCP servers back to `before` (added ones removed, edits, switches and tool switches reverted). */
export function planMcpRollback(before: readonly McpServerView[], after: readonly McpServerView[]): McpUndoStep[] {
  const steps: McpUndoStep[] = [];
  const earlier = new Map(before.map((server) => [server.name, server]));
  for (const now of after) {
    const then = earlier.get(now.name);
    if (!then) {
      steps.push({ type: 'remove', name: now.name });
      continue;
    }
    if (configShown(then) !== configShown(now)) {
      // Stored secrets come back as the mask, which main reads as "keep the stored value".
      const restored = configFromForm(formFromServer(then), then.enabled);
      if (restored.type === 'ok') steps.push({ type: 'restore', name: now.name, config: restored.config });
    } else if (then.enabled !== now.enabled) steps.push({ type: 'enable', name: now.name, enabled: then.enabled });
    const toolsThen = new Map(then.tools.map((tool) => [tool.name, tool.enabled]));
    for (const tool of now.tools) {
      const wasEnabled = toolsThen.get(tool.name);
      if (wasEnabled !== undefined && wasEnabled !== tool.enabled)
        steps.push({ type: 'tool', name: now.name, tool: tool.name, enabled: wasEnabled });
    }
  }
  return steps;
}

export type LocalApiChange = { enabled?: boolean; port?: number; allowApprovals?: boolean };

/** The Local API change that brings back what Settings showed when it opened; null when nothing changed. */
export function planLocalApiRollback(before: LocalApiStatus | null, after: LocalApiStatus | null): LocalApiChange | null {
  if (before?.type !== 'ready' || after?.type !== 'ready') return null;
  const change: LocalApiChange = {};
  if (before.enabled !== after.enabled) change.enabled = before.enabled;
  if (before.port !== after.port) change.port = before.port;
  if (before.allowApprovals !== after.allowApprovals) change.allowApprovals = before.allowApprovals;
  return Object.keys(change).length > 0 ? change : null;
}
