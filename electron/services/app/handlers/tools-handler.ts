import type { ToolInfo } from '../../../../shared/tools/tool-info';
import type { AppContext } from '../app-context';

export function listTools(ctx: AppContext): ToolInfo[] {
  return ctx.tools.list().map((tool) => tool.info);
}
