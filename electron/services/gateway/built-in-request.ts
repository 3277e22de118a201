import type { JsonObject } from '../../../shared/contract/json';
import type { ChatMessage, ChatStepRequest, ToolDefinition } from '../provider/provider-types';
import type { ChatRequest } from './chat-request';
import { toOllamaChatRequest, type OllamaWireMessage } from './ollama-request';
import { GatewayError } from './openai-error';

/**
 * A chat completions request as one step of TACO's provider contract, for the built-in engine:
 * messages are mapped as Ollama's OpenAI layer maps them (ollama-request.ts: content parts, images,
 * tool-call arguments parsed, a tool result named by the call it answers), `tools` go as they are,
 * `response_format` becomes the step's JSON-schema `format` (the engine's grammar) and `temperature`
 * the step's. Other sampling fields (max_tokens, stop, seed, penalties) are not the contract's and
 * are not applied.
 */
type WireCall = { id?: string; function: { name: string; arguments: Record<string, unknown> } };

const ROLES = new Set<ChatMessage['role']>(['system', 'user', 'assistant', 'tool']);

function invalid(message: string, param: string | null = null): GatewayError {
  return new GatewayError(400, message, 'invalid_request', param);
}

function toolsFrom(request: ChatRequest): ToolDefinition[] | undefined {
  if (!request.tools || request.tools.length === 0) return undefined;
  return request.tools.map((tool, index) => {
    const parameters = (tool.function as { parameters?: unknown }).parameters;
    if (tool.type !== 'function') throw invalid(`tools.${index}.type must be "function"`, `tools.${index}.type`);
    if (parameters !== undefined && (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)))
      throw invalid(`tools.${index}.function.parameters must be a JSON schema object`, `tools.${index}.function.parameters`);
    return tool as unknown as ToolDefinition;
  });
}

export function toBuiltInStep(request: ChatRequest, serverModel: string, signal: AbortSignal): ChatStepRequest {
  const mapped = toOllamaChatRequest(request, serverModel);
  const messages = (mapped.messages ?? []).map((message, index): ChatMessage => {
    const role = message.role.toLowerCase() as ChatMessage['role'];
    if (!ROLES.has(role)) throw invalid(`messages.${index}.role must be system, user, assistant or tool`, `messages.${index}.role`);
    const calls = (message as OllamaWireMessage).tool_calls as WireCall[] | undefined;
    return {
      role,
      content: message.content,
      ...(message.thinking ? { thinking: message.thinking } : {}),
      ...(calls?.length
        ? {
            tool_calls: calls.map((call) => ({
              ...(call.id ? { id: call.id } : {}),
              function: { name: call.function.name, arguments: call.function.arguments as JsonObject },
            })),
          }
        : {}),
      ...(message.tool_name ? { tool_name: message.tool_name } : {}),
      ...(message.images?.length ? { images: message.images.map(String) } : {}),
    };
  });
  const tools = toolsFrom(request);
  const format = mapped.format === 'json' ? { type: 'object' } : mapped.format;
  const temperature = typeof request.temperature === 'number' ? request.temperature : undefined;
  return {
    model: serverModel,
    messages,
    ...(tools ? { tools } : {}),
    ...(typeof format === 'object' ? { format: format as JsonObject } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
    signal,
  };
}
