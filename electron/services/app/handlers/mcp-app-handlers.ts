import { DEFAULTS } from '../../../../shared/constants';
import { toolOverride } from '../../../../shared/approvals/approval-decision';
import type { ApprovalDecision } from '../../../../shared/contract/events';
import type { JsonObject } from '../../../../shared/contract/json';
import { appApprovalCallId, type McpAppOpenAnswer } from '../../../../shared/mcp/mcp-apps';
import type { RegisteredTool } from '../../../../tools/catalogue/tool-runtime-types';
import { alwaysAllowSubject, needsApproval } from '../../agent/tool-calls/call-gates';
import { approvalSubject } from '../../agent/tool-calls/approval-subject';
import { appDocument, appPolicy } from '../../mcp/apps/app-policy';
import { checkAppResource } from '../../mcp/apps/app-resource';
import type { OpenApp } from '../../mcp/apps/app-sessions';
import { appResult, callToolFromApp, type AppApproval } from '../../mcp/apps/app-tool-call';
import type { AppContext } from '../app-context';
import type { CallHandlers } from '../call-router';
import { resolveWorkspace } from '../runs/run-launcher';

export type McpAppCallName = 'mcp.apps.open' | 'mcp.apps.callTool' | 'mcp.apps.updateContext' | 'mcp.apps.close';

const EXHAUSTED = `The app made more than ${DEFAULTS.mcpApps.callBudget} requests, so TACO refuses the rest. Close it and run its tool again.`;
const UNKNOWN = 'This app is no longer open in TACO.';

/**
 * The `mcp.apps.*` calls: main opens an app only for an MCP call it ran (`recentCall`), reads and
 * checks the tool's UI resource, and builds the app's policy; every later request names the app
 * by main's id and is counted against its budget. Tool calls go through the model's approval rules
 * (`callToolFromApp`); context updates wait for the conversation's next message.
 */
export function mcpAppHandlers(ctx: AppContext): Pick<CallHandlers, McpAppCallName> {
  return {
    'mcp.apps.open': async (request): Promise<McpAppOpenAnswer> => {
      const tool = ctx.tools.get(request.tool);
      const source = tool?.info.source;
      const resourceUri = source?.appResourceUri;
      if (!tool || !source || !resourceUri) return { type: 'none' };
      const call = ctx.mcp.recentCall(request.callId);
      if (!call || call.conversationId !== request.conversationId || call.server !== source.server || call.tool !== source.tool)
        return { type: 'unavailable', reason: 'TACO no longer holds this call’s result; run the tool again to open its app.' };
      let raw: unknown;
      try {
        raw = await ctx.mcp.readAppResource(call.server, resourceUri);
      } catch (error) {
        return { type: 'unavailable', reason: `The app could not be read: ${error instanceof Error ? error.message : String(error)}` };
      }
      const checked = checkAppResource(resourceUri, raw);
      if (!checked.ok) return { type: 'unavailable', reason: `TACO refused the app: ${checked.reason}.` };
      const app = ctx.mcpApps.open({
        conversationId: call.conversationId,
        runId: call.runId,
        callId: request.callId,
        server: call.server,
        tool: call.tool,
        resourceUri,
      });
      const policy = appPolicy(checked.domains);
      return {
        type: 'opened',
        app: {
          appId: app.appId,
          server: call.server,
          tool: tool.info.toolId,
          resourceUri,
          document: appDocument(policy, checked.html),
          policy,
          domains: checked.domains,
          input: call.args,
          result: appResult(call.result),
        },
      };
    },
    'mcp.apps.callTool': async (request) => {
      const charged = ctx.mcpApps.charge(request.appId);
      if (charged.type === 'unknown') return { type: 'refused', message: UNKNOWN };
      if (charged.type === 'exhausted') return { type: 'refused', message: EXHAUSTED };
      const app = charged.app;
      const settings = ctx.settings.current();
      const session = ctx.sessions.get(app.conversationId);
      const workspace = await resolveWorkspace(settings.workspace);
      const gateInput = {
        approvalPolicy: settings.approvals,
        toolApprovals: settings.toolApprovals,
        allowedForConversation: session.allowedForConversation,
        alwaysAllowed: ctx.alwaysAllowed,
        workspace,
        commandSandbox: ctx.commandSandbox,
      };
      const controller = new AbortController();
      return callToolFromApp(
        {
          tools: ctx.tools,
          neverRun: (tool) => toolOverride(settings.toolApprovals, tool.info.toolId) === 'never',
          needsApproval: (tool, args) => needsApproval(tool, gateInput, args),
          ask: (tool, args, open) => askForApp(ctx, tool, args, open, workspace, session.allowedForConversation, controller.signal),
          call: (server, tool, args, signal) => ctx.mcp.callForApp(server, tool, args, signal),
          signal: controller.signal,
        },
        app,
        request.name,
        request.arguments ?? {},
      );
    },
    'mcp.apps.updateContext': (request) => {
      const charged = ctx.mcpApps.charge(request.appId);
      if (charged.type === 'unknown') return { accepted: false, message: UNKNOWN, truncated: false };
      if (charged.type === 'exhausted') return { accepted: false, message: EXHAUSTED, truncated: false };
      const { truncated } = ctx.mcpApps.setContext(charged.app, request.text);
      return { accepted: true, message: null, truncated };
    },
    'mcp.apps.close': (request) => ({ closed: ctx.mcpApps.close(request.appId) }),
  };
}

/** The approval card of an app's call: drawn in the turn of the app's call, answered like a model's call of the tool. */
async function askForApp(
  ctx: AppContext,
  tool: RegisteredTool,
  args: JsonObject,
  app: OpenApp,
  workspace: string | null,
  allowedForConversation: Set<string>,
  signal: AbortSignal,
): Promise<AppApproval> {
  const { scope, warning } = await approvalSubject(tool, args, workspace);
  const subject = alwaysAllowSubject(tool);
  let decision: ApprovalDecision | 'timeout';
  try {
    decision = await ctx.gates.approvals.request(
      {
        runId: app.runId,
        conversationId: app.conversationId,
        callId: appApprovalCallId(app.callId, ctx.newId()),
        tool: tool.info.toolId,
        args,
        risk: tool.info.risk,
        preview: null,
        scope: warning === null ? scope.label : null,
        ...(warning === null && subject !== null ? { alwaysAllow: true } : {}),
        warning,
        fromApp: true,
      },
      signal,
    );
  } catch (error) {
    return { type: 'denied', message: `Not run: approval could not be asked (${error instanceof Error ? error.message : String(error)}).` };
  }
  switch (decision) {
    case 'allow-conversation':
      if (warning === null) allowedForConversation.add(scope.key);
      return { type: 'allowed' };
    case 'allow-tool':
      if (warning === null && subject !== null) await ctx.alwaysAllowed.grant(subject);
      return { type: 'allowed' };
    case 'allow-once':
      return { type: 'allowed' };
    case 'deny':
      return { type: 'denied', message: `Not run: the user denied this call of ${tool.info.toolId}.` };
    case 'timeout':
      return { type: 'denied', message: `Not run: nobody approved this call of ${tool.info.toolId} in time.` };
    default: {
      const unreachable: never = decision;
      return unreachable;
    }
  }
}
