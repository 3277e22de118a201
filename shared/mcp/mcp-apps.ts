import { z } from 'zod';
import { DEFAULTS } from '../constants';
import type { JsonObject } from '../contract/json';

/** The MIME type of an MCP App's document (the MCP Apps extension, `RESOURCE_MIME_TYPE` in its SDK). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The domains an app declared (`_meta.ui.csp`), each checked and written as main will allow it. */
export interface McpAppDomains {
  /** fetch, XHR, WebSocket. */
  connect: string[];
  /** scripts, styles, images, fonts, media. */
  resource: string[];
}

/** A tool result as an app receives it (the MCP `CallToolResult`): main's copy of what the server sent. */
export interface McpAppToolResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/** An app main opened for one MCP tool call: what the window shows in the app frame, and the call it belongs to. */
export interface McpAppOpened {
  /** Main's id for this app: every request the app makes names it. */
  appId: string;
  server: string;
  /** The tool as the catalogue names it (mcp__server__tool). */
  tool: string;
  resourceUri: string;
  /** The document the app frame shows: main's policy and prelude first, then the app's HTML. */
  document: string;
  /** The Content-Security-Policy at the head of `document`, built from `domains` only. */
  policy: string;
  domains: McpAppDomains;
  /** The call's arguments and result, fed to the app once it is ready. */
  input: JsonObject;
  result: McpAppToolResult;
}

/** The app of a call: opened; the tool has none (nothing is shown); or why it could not open, in words (shown in its place). */
export type McpAppOpenAnswer = { type: 'opened'; app: McpAppOpened } | { type: 'none' } | { type: 'unavailable'; reason: string };

/** What an app's tools/call came to: the server's result, or why it did not run (an error to the app). */
export type McpAppCallAnswer = { type: 'result'; result: McpAppToolResult } | { type: 'refused'; message: string };

const appId = z.string().trim().min(1).max(128);
const callId = z.string().trim().min(1).max(128);

/** The `mcp.apps.*` requests (contract.ts): every one names an app main opened. */
export const mcpAppRequestSchemas = {
  'mcp.apps.open': z.object({ conversationId: z.string().trim().min(1).max(128), callId, tool: z.string().min(1).max(300) }).strict(),
  'mcp.apps.callTool': z
    .object({
      appId,
      name: z.string().min(1).max(200),
      arguments: z.record(z.string().max(200), z.unknown()).optional(),
    })
    .strict(),
  'mcp.apps.updateContext': z.object({ appId, text: z.string().max(DEFAULTS.mcpApps.maxContextChars * 4) }).strict(),
  'mcp.apps.close': z.object({ appId }).strict(),
} as const;

const APP_CALL_MARK = ':app:';

/** The call id of an approval card an app's own tools/call raised: the app's call id, then a fresh part (unique per request). */
export function appApprovalCallId(appCallId: string, unique: string): string {
  return `${appCallId}${APP_CALL_MARK}${unique}`;
}

/** The call whose app raised this approval (`appApprovalCallId`), or null for a call of the model. */
export function appCallIdOfApproval(approvalCallId: string): string | null {
  const at = approvalCallId.lastIndexOf(APP_CALL_MARK);
  if (at <= 0 || at + APP_CALL_MARK.length >= approvalCallId.length) return null;
  return approvalCallId.slice(0, at);
}
