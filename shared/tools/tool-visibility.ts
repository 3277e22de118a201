import type { ToolAudience, ToolInfo } from './tool-info';

/**
 * Who may call an MCP tool, as its server declared it (the MCP Apps extension's
 * `_meta.ui.visibility`, default `["model", "app"]`): a tool not declared for the model is never
 * offered to it nor run for it (an app-only tool: the app's own button, say), and one not declared
 * for apps is refused to every app. Built-in tools are the model's only.
 */
export function offeredToModel(info: Pick<ToolInfo, 'source'>): boolean {
  const visibility = info.source?.visibility;
  return visibility === undefined || visibility.includes('model');
}

/** An app may call only an MCP tool declared for apps (or declaring nothing). */
export function callableByApp(info: Pick<ToolInfo, 'source'>): boolean {
  const source = info.source;
  if (!source) return false;
  return source.visibility === undefined || source.visibility.includes('app');
}

/** For the catalogue's badge: only the app sees it, only the model does, or both (null). */
export function soleAudience(visibility: readonly ToolAudience[] | undefined): 'app-only' | 'model-only' | 'nobody' | null {
  if (visibility === undefined) return null;
  const model = visibility.includes('model');
  const app = visibility.includes('app');
  if (model && app) return null;
  if (model) return 'model-only';
  return app ? 'app-only' : 'nobody';
}
