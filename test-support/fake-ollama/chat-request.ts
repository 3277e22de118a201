import { BARE_SECONDS, isGoDuration } from '../../shared/models/go-duration';
import type { JsonObject } from '../../shared/contract/json';
import { isJsonObject } from './http-utils';
import type { FakeChatMessage, FakeChatRequest, FakeModel } from './scenario-types';

export type ChatRequestCheck =
  { type: 'ok'; request: Omit<FakeChatRequest, 'call'>; model: FakeModel } | { type: 'error'; status: number; message: string };

/** Full registry name, as Ollama prints it in capability errors. */
export function registryName(model: string): string {
  return model.includes('/') ? model : `registry.ollama.ai/library/${model}`;
}

/**
 * Validates an /api/chat body the way Ollama does, so a client bug (tools sent to a model without
 * the capability, `think` on a model that cannot think, string tool arguments) fails loudly.
 */
export function checkChatRequest(body: JsonObject | null, models: FakeModel[]): ChatRequestCheck {
  if (body === null) return { type: 'error', status: 400, message: 'invalid request: the body must be a JSON object' };
  // Bound before anything else (api/types.go Duration.UnmarshalJSON → time.ParseDuration): 400.
  if (typeof body.keep_alive === 'string' && !isGoDuration(body.keep_alive)) {
    const text = body.keep_alive;
    const detail = BARE_SECONDS.test(text)
      ? `time: missing unit in duration ${JSON.stringify(text)}`
      : `time: invalid duration ${JSON.stringify(text)}`;
    return { type: 'error', status: 400, message: detail };
  }
  const modelName = body.model;
  if (typeof modelName !== 'string' || modelName === '') return { type: 'error', status: 400, message: 'model is required' };
  const model = models.find((candidate) => candidate.name === modelName && candidate.missing !== true);
  if (!model) return { type: 'error', status: 404, message: `model "${modelName}" not found, try pulling it first` };

  const messages = parseMessages(body.messages);
  if (typeof messages === 'string') return { type: 'error', status: 400, message: messages };

  const tools = body.tools === undefined || body.tools === null ? null : body.tools;
  if (tools !== null && !Array.isArray(tools))
    return { type: 'error', status: 400, message: 'json: cannot unmarshal tools: must be an array' };
  if (tools !== null && tools.length > 0 && !model.capabilities.includes('tools')) {
    return { type: 'error', status: 400, message: `${registryName(model.name)} does not support tools` };
  }
  const think = body.think;
  if (isThinkOn(think) && !model.capabilities.includes('thinking')) {
    return { type: 'error', status: 400, message: `"${model.name}" does not support thinking` };
  }
  if (messages.some((message) => (message.images?.length ?? 0) > 0) && !model.capabilities.includes('vision')) {
    return { type: 'error', status: 500, message: 'this model is missing data required for image input' };
  }
  if (!model.capabilities.includes('completion')) {
    return { type: 'error', status: 400, message: `"${model.name}" does not support chat` };
  }
  const options = isJsonObject(body.options) ? body.options : {};
  const stream = body.stream !== false;
  return { type: 'ok', model, request: { model: model.name, messages, stream, tools, think, options, body } };
}

export function isThinkOn(think: unknown): boolean {
  return think === true || (typeof think === 'string' && think !== '');
}

function parseMessages(value: unknown): FakeChatMessage[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'json: cannot unmarshal messages: must be an array';
  const messages: FakeChatMessage[] = [];
  for (const [index, item] of value.entries()) {
    if (!isJsonObject(item) || typeof item.role !== 'string') return `invalid message at index ${index}: needs a string "role"`;
    const content = item.content ?? '';
    if (typeof content !== 'string') return `invalid message at index ${index}: "content" must be a string`;
    const message: FakeChatMessage = { role: item.role, content };
    if (typeof item.thinking === 'string') message.thinking = item.thinking;
    if (typeof item.tool_name === 'string') message.tool_name = item.tool_name;
    if (item.tool_calls !== undefined && item.tool_calls !== null) {
      const problem = checkToolCalls(item.tool_calls, index);
      if (problem) return problem;
      message.tool_calls = item.tool_calls as unknown[];
    }
    if (item.images !== undefined && item.images !== null) {
      if (!Array.isArray(item.images) || !item.images.every((image) => typeof image === 'string'))
        return `invalid message at index ${index}: "images" must be an array of base64 strings`;
      message.images = item.images;
    }
    messages.push(message);
  }
  return messages;
}

function checkToolCalls(value: unknown, index: number): string | null {
  if (!Array.isArray(value)) return `invalid message at index ${index}: "tool_calls" must be an array`;
  for (const call of value) {
    const fn = isJsonObject(call) ? call.function : undefined;
    if (!isJsonObject(fn) || typeof fn.name !== 'string' || !isJsonObject(fn.arguments)) {
      return `json: cannot unmarshal tool call at message ${index}: needs function.name (string) and function.arguments (object)`;
    }
  }
  return null;
}
