import type { ChatMessage, ProviderToolCall } from '../../provider/provider-types';
import { toolResultMessage } from '../context/prompt/prompt-mode';
import type { LoopScope, RunShared } from '../loop/run-context';
import type { PlannedCall } from '../loop/step-decision';

/**
 * The assistant message of a step with tool calls. Tools-capable models: the text shown plus
 * `tool_calls` exactly as the model made them (calls it wrote as JSON in the text become
 * `tool_calls` too). Prompt-based models: what the model wrote, as it wrote it.
 */
export function assistantCallMessage(
  shared: RunShared,
  visibleText: string,
  rawText: string,
  calls: readonly PlannedCall[],
  nativeCalls: readonly ProviderToolCall[],
): ChatMessage {
  if (shared.mode === 'prompt') return { role: 'assistant', content: rawText };
  const toolCalls =
    nativeCalls.length > 0 ? [...nativeCalls] : calls.map((call) => ({ function: { name: call.name, arguments: call.arguments } }));
  return { role: 'assistant', content: visibleText, tool_calls: toolCalls };
}

/**
 * A result (or an error, prefixed "Error: ") as the model reads it: `role: "tool"` with `tool_name`,
 * or a user message in prompt mode. Images a tool returned (MCP) ride on the message for vision models.
 */
export function pushToolMessage(
  shared: RunShared,
  scope: LoopScope,
  tool: string,
  content: string,
  ok: boolean,
  images?: readonly string[],
): void {
  const withImages = shared.vision === true && images && images.length > 0 ? { images: [...images] } : {};
  if (shared.mode === 'prompt') {
    scope.messages.push({ ...toolResultMessage(tool, content, ok), ...withImages });
    return;
  }
  scope.messages.push({ role: 'tool', tool_name: tool, content: ok ? content : `Error: ${content}`, ...withImages });
}
