import { lastUserText, reply, toolResults } from '../../reply-builders';
import type { FakeChatRequest, Reply, Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** The tool server-everything's echo is offered under when its server is named "everything". */
export const MCP_ECHO_TOOL = 'mcp__everything__echo';

/**
 * Calls an MCP tool for a new request, then answers quoting its result. The tool is
 * `mcp__everything__echo` unless the user names another `mcp__...` tool in the message
 * (its arguments: {"message": <the user's text>}).
 */
export function mcpEchoReply(request: FakeChatRequest): Reply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') {
    const result = toolResults(request).at(-1);
    return reply.text(`The MCP tool ${result?.toolName ?? 'tool'} answered: ${(result?.content ?? '').slice(0, 300)}`);
  }
  const text = lastUserText(request);
  const named = /\bmcp__[A-Za-z0-9_-]+/.exec(text)?.[0];
  return reply.toolCall(named ?? MCP_ECHO_TOOL, { message: text }, { text: 'Asking the MCP server.' });
}

/** One MCP tool round per user turn (server-everything's echo by default): for tests and e2e flows. */
export const mcpEcho: Scenario = {
  name: 'mcp-echo',
  description: `Each user turn: a call of ${MCP_ECHO_TOOL} (or the mcp__ tool the message names), then an answer quoting its result.`,
  models: standardModels(),
  replies: [],
  whenExhausted: mcpEchoReply,
};
