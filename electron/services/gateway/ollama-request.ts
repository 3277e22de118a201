import type { ChatRequest as OllamaChatRequest, Message as OllamaMessage, Tool as OllamaTool } from 'ollama';
import { GatewayError } from './openai-error';
import type { ChatRequest, ChatRequestMessage, ChatRequestToolCall } from './chat-request';

/**
 * An OpenAI chat completions request as Ollama's /api/chat takes it, mapped the way Ollama's own
 * OpenAI layer does it (ollama/ollama openai/openai.go, FromChatRequest): content parts become
 * messages of their own (text; image_url data URLs → base64 images), tool-call arguments are parsed
 * from their JSON string, a tool result gets its tool's name from `name` or from the call its
 * `tool_call_id` answers, stop/max_tokens/temperature/seed/penalties/top_p go to `options`
 * (temperature and top_p 1.0 when absent, as Ollama does), response_format → `format`,
 * reasoning_effort → `think`. `model` is the server's own name. Ollama reads `id` on tool calls and
 * `tool_call_id` on tool messages although ollama-js does not type them: they are sent as well.
 */
export type OllamaWireMessage = OllamaMessage & { tool_call_id?: string; tool_calls?: Array<OllamaToolCallWire> };
type OllamaToolCallWire = { id?: string; function: { name: string; arguments: Record<string, unknown> } };

const IMAGE_PREFIXES = ['jpeg', 'jpg', 'png', 'webp'].map((type) => `data:image/${type};base64,`);

function invalid(message: string, param: string | null = null): GatewayError {
  return new GatewayError(400, message, 'invalid_request', param);
}

function toolCallsFrom(calls: ChatRequestToolCall[] | undefined): OllamaToolCallWire[] | undefined {
  if (!calls) return undefined;
  return calls.map((call) => {
    let args: unknown;
    try {
      args = JSON.parse(call.function.arguments);
    } catch {
      throw invalid('invalid tool call arguments');
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw invalid('invalid tool call arguments');
    return { ...(call.id ? { id: call.id } : {}), function: { name: call.function.name, arguments: args as Record<string, unknown> } };
  });
}

function nameFromToolCallId(messages: ChatRequestMessage[], id: string): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const found = messages[index]?.tool_calls?.find((call) => call.id === id);
    if (found) return found.function.name;
  }
  return '';
}

/** openai.go decodeImageURL: base64 data URLs only; http(s) URLs are refused in Ollama's words. */
function imageFrom(url: string): string {
  if (url.startsWith('http://') || url.startsWith('https://'))
    throw invalid('image URLs are not currently supported, please use base64 encoded data instead');
  const prefix = url.startsWith('data:;base64,') ? 'data:;base64,' : IMAGE_PREFIXES.find((candidate) => url.startsWith(candidate));
  if (!prefix) throw invalid('invalid image input');
  const data = url.slice(prefix.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) throw invalid('invalid image input');
  return data;
}

function messagesFrom(request: ChatRequest): OllamaWireMessage[] {
  const out: OllamaWireMessage[] = [];
  for (const message of request.messages) {
    let toolName = '';
    if (message.role.toLowerCase() === 'tool') {
      toolName = message.name ?? '';
      if (!toolName && message.tool_call_id) toolName = nameFromToolCallId(request.messages, message.tool_call_id);
    }
    const extras = {
      ...(toolName ? { tool_name: toolName } : {}),
      ...(message.tool_call_id ? { tool_call_id: message.tool_call_id } : {}),
    };
    const thinking = message.reasoning ?? message.reasoning_content;
    const content = message.content;
    if (typeof content === 'string') {
      const toolCalls = toolCallsFrom(message.tool_calls);
      out.push({
        role: message.role,
        content,
        ...(thinking ? { thinking } : {}),
        ...(toolCalls ? { tool_calls: toolCalls } : {}),
        ...extras,
      });
      continue;
    }
    if (Array.isArray(content)) {
      const start = out.length;
      for (const part of content) {
        if (part.type === 'text') {
          if (typeof part.text !== 'string') throw invalid('invalid message format');
          out.push({ role: message.role, content: part.text });
        } else if (part.type === 'image_url') {
          const field = part.image_url;
          const url =
            typeof field === 'string' ? field : typeof field === 'object' && field !== null ? (field as { url?: unknown }).url : undefined;
          if (typeof url !== 'string') throw invalid('invalid message format');
          out.push({ role: message.role, content: '', images: [imageFrom(url)] });
        } else {
          throw invalid('invalid message format');
        }
      }
      const last = out[out.length - 1];
      if (out.length > start && last && message.tool_calls && message.tool_calls.length > 0) {
        last.tool_calls = toolCallsFrom(message.tool_calls);
        Object.assign(last, extras, thinking ? { thinking } : {});
      }
      continue;
    }
    if (!message.tool_calls) throw invalid(`invalid message content type: ${content === null ? 'null' : typeof content}`);
    out.push({
      role: message.role,
      content: '',
      ...(thinking ? { thinking } : {}),
      tool_calls: toolCallsFrom(message.tool_calls),
      ...extras,
    });
  }
  return out;
}

function numberField(request: ChatRequest, name: string): number | undefined {
  const value = request[name];
  return typeof value === 'number' ? value : undefined;
}

function optionsFrom(request: ChatRequest): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const stop = request.stop;
  if (typeof stop === 'string') options.stop = [stop];
  else if (Array.isArray(stop)) options.stop = stop.filter((item): item is string => typeof item === 'string');
  const maxTokens = numberField(request, 'max_tokens') ?? numberField(request, 'max_completion_tokens');
  if (maxTokens !== undefined) options.num_predict = maxTokens;
  options.temperature = numberField(request, 'temperature') ?? 1.0;
  const seed = numberField(request, 'seed');
  if (seed !== undefined) options.seed = seed;
  const frequency = numberField(request, 'frequency_penalty');
  if (frequency !== undefined) options.frequency_penalty = frequency;
  const presence = numberField(request, 'presence_penalty');
  if (presence !== undefined) options.presence_penalty = presence;
  options.top_p = numberField(request, 'top_p') ?? 1.0;
  return options;
}

function formatFrom(request: ChatRequest): string | object | undefined {
  const format = request.response_format;
  if (typeof format !== 'object' || format === null) return undefined;
  const { type, json_schema: jsonSchema } = format as { type?: unknown; json_schema?: { schema?: unknown } };
  const kind = typeof type === 'string' ? type.trim().toLowerCase() : '';
  if (kind === 'json_object') return 'json';
  if (kind === 'json_schema' && jsonSchema && typeof jsonSchema.schema === 'object' && jsonSchema.schema !== null) return jsonSchema.schema;
  return undefined;
}

/** openai.go thinkFromReasoningEffort. */
function thinkFrom(request: ChatRequest): boolean | string | undefined {
  const reasoning = request.reasoning as { effort?: unknown } | undefined;
  const effort =
    typeof reasoning?.effort === 'string' ? reasoning.effort : typeof request.reasoning_effort === 'string' ? request.reasoning_effort : '';
  switch (effort) {
    case '':
      return undefined;
    case 'none':
      return false;
    case 'minimal':
      return 'low';
    case 'low':
    case 'medium':
    case 'high':
    case 'max':
      return effort;
    case 'xhigh':
    case 'ultra':
      return 'max';
    default:
      throw invalid(
        `invalid reasoning value: "${effort}" (must be "minimal", "low", "medium", "high", "xhigh", "ultra", "max", or "none")`,
        'reasoning_effort',
      );
  }
}

export function toOllamaChatRequest(request: ChatRequest, serverModel: string): OllamaChatRequest {
  const format = formatFrom(request);
  const think = thinkFrom(request);
  const logprobs = request.logprobs === true;
  const topLogprobs = numberField(request, 'top_logprobs');
  return {
    model: serverModel,
    messages: messagesFrom(request) as OllamaMessage[],
    stream: request.stream === true,
    options: optionsFrom(request),
    ...(request.tools ? { tools: request.tools as unknown as OllamaTool[] } : {}),
    ...(format !== undefined ? { format } : {}),
    ...(think !== undefined ? { think: think as OllamaChatRequest['think'] } : {}),
    ...(logprobs ? { logprobs } : {}),
    ...(topLogprobs !== undefined ? { top_logprobs: topLogprobs } : {}),
  };
}
