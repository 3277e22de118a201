import { DEFAULTS } from '../../../../shared/constants';
import type { JsonObject } from '../../../../shared/contract/json';
import type { McpAppCallAnswer, McpAppToolResult } from '../../../../shared/mcp/mcp-apps';
import { callableByApp } from '../../../../shared/tools/tool-visibility';
import type { RegisteredTool, ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import type { McpCallResult } from '../tools/mcp-result';
import type { OpenApp } from './app-sessions';

/** The user's answer to the approval card of an app's call (the same card, the same rules as the model's). */
export type AppApproval = { type: 'allowed' } | { type: 'denied'; message: string };

export interface AppCallDeps {
  tools: ToolRegistry;
  /** The user set this tool to "Never run" (the catalogue): refused to the app as it is never offered to the model. */
  neverRun(tool: RegisteredTool): boolean;
  /** Whether this call waits for the user, decided as for the model's calls (`needsApproval`, call-gates.ts). */
  needsApproval(tool: RegisteredTool, args: JsonObject): Promise<boolean>;
  /** Shows the approval card for the call in the app's turn and waits for the answer. */
  ask(tool: RegisteredTool, args: JsonObject, app: OpenApp): Promise<AppApproval>;
  /** tools/call on the app's server. */
  call(server: string, tool: string, args: JsonObject, signal: AbortSignal): Promise<McpCallResult>;
  signal: AbortSignal;
}

/**
 * An app's tools/call, under the model's rules: only an enabled tool of the app's own server (a
 * UI cannot reach another server's tools, nor one the user turned off) that its server did not
 * declare for the model only (`_meta.ui.visibility`; an app-only tool is the app's), its arguments checked
 * against the tool's schema, then the same approval decision and card as a model's call of that
 * tool; a denial, a timeout or a refusal is an error to the app and nothing runs. The result
 * goes back whole (structured content included) up to `maxResultBytes`.
 */
export async function callToolFromApp(deps: AppCallDeps, app: OpenApp, name: string, rawArgs: unknown): Promise<McpAppCallAnswer> {
  const tool = deps.tools
    .list()
    .find((each) => each.info.source?.kind === 'mcp' && each.info.source.server === app.server && each.info.source.tool === name);
  if (!tool)
    return { type: 'refused', message: `"${name}" is not an enabled tool of the MCP server "${app.server}", so the app cannot call it.` };
  if (deps.neverRun(tool)) return { type: 'refused', message: `You set ${tool.info.toolId} to never run, so the app cannot call it.` };
  if (!callableByApp(tool.info))
    return { type: 'refused', message: `The MCP server "${app.server}" did not declare ${name} for its apps, so the app cannot call it.` };
  const parsed = tool.argsSchema.safeParse(rawArgs ?? {});
  if (!parsed.success)
    return {
      type: 'refused',
      message: `The arguments for ${name} do not match its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
    };
  const args = parsed.data;
  if (await deps.needsApproval(tool, args)) {
    const answer = await deps.ask(tool, args, app);
    if (answer.type === 'denied') return { type: 'refused', message: answer.message };
  }
  let result: McpCallResult;
  try {
    result = await deps.call(app.server, name, args, deps.signal);
  } catch (error) {
    return { type: 'refused', message: error instanceof Error ? error.message : String(error) };
  }
  return { type: 'result', result: appResult(result) };
}

/** The server's result as the app receives it; one too big to hand over is an error to the app. */
export function appResult(result: McpCallResult): McpAppToolResult {
  const content = Array.isArray(result.content) ? result.content : [];
  const structured =
    typeof result.structuredContent === 'object' && result.structuredContent !== null && !Array.isArray(result.structuredContent)
      ? (result.structuredContent as Record<string, unknown>)
      : undefined;
  const whole: McpAppToolResult = { content, ...(structured ? { structuredContent: structured } : {}), isError: result.isError === true };
  if (JSON.stringify(whole).length > DEFAULTS.mcpApps.maxResultBytes)
    return {
      content: [
        {
          type: 'text',
          text: `The result was larger than ${DEFAULTS.mcpApps.maxResultBytes / 1_000_000} MB, so TACO did not hand it to the app.`,
        },
      ],
      isError: true,
    };
  return whole;
}
