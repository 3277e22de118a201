import type { McpAppCallAnswer, McpAppOpenAnswer } from '../../../../shared/mcp/mcp-apps';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';

/** MCP Apps: main opens each app, decides its policy, and answers its requests; the window relays. */
export interface McpAppsSlice {
  /** The app of an MCP tool call main ran (its document, policy, input and result), or why not. */
  openMcpApp(conversationId: string, callId: string, tool: string): Promise<McpAppOpenAnswer>;
  /** An app's tools/call: main applies the model's approval rules (the card shows in the conversation). */
  callMcpAppTool(appId: string, name: string, args: Record<string, unknown> | undefined): Promise<McpAppCallAnswer>;
  /** What the app wants the model to know on the next turn; main keeps the newest. */
  updateMcpAppContext(appId: string, text: string): Promise<{ accepted: boolean; message: string | null }>;
  closeMcpApp(appId: string): void;
}

export const createMcpAppsSlice: SliceCreator<McpAppsSlice> = (_set, _get, { api }) => ({
  async openMcpApp(conversationId, callId, tool) {
    try {
      return await api.call('mcp.apps.open', { conversationId, callId, tool });
    } catch (error) {
      return { type: 'unavailable', reason: describeCallFailure(error) };
    }
  },
  async callMcpAppTool(appId, name, args) {
    try {
      return await api.call('mcp.apps.callTool', { appId, name, ...(args ? { arguments: args } : {}) });
    } catch (error) {
      return { type: 'refused', message: describeCallFailure(error) };
    }
  },
  async updateMcpAppContext(appId, text) {
    try {
      const answer = await api.call('mcp.apps.updateContext', { appId, text });
      return { accepted: answer.accepted, message: answer.message };
    } catch (error) {
      return { accepted: false, message: describeCallFailure(error) };
    }
  },
  closeMcpApp(appId) {
    void api.call('mcp.apps.close', { appId }).catch(() => undefined);
  },
});

/** This slice's part of the store's state (see store-types.ts). */
declare module '../store-types' {
  interface TacoState extends McpAppsSlice {}
}
