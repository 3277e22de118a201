import type { ChatRequest, Message, Tool } from 'ollama';
import { DEFAULTS } from '../../../../../shared/constants';
import type { ModelCapabilities } from '../../../../../shared/models/models';
import type { ChatMessage, ChatStepRequest, CompleteRequest, ToolDefinition } from '../../provider-types';

/**
 * The context size (num_ctx), worked out in this one place for the loop (to fit the history) and
 * the provider (to send it): the conversation's own when it sets one, else the model's context
 * length (or the fallback) capped by the user's limit. A side request (title, status sentence,
 * context-switch check) passes the num_ctx its model's last step was sent with: Ollama reloads a
 * model whose num_ctx changes (server/sched.go `needsReload` compares the runner options), which
 * costs seconds and empties the prompt cache, so one model gets one num_ctx per conversation.
 */
export function numCtxFor(capabilities: ModelCapabilities, maxContextTokens: number, conversationNumCtx?: number): number {
  return conversationNumCtx ?? Math.min(capabilities.contextLength ?? DEFAULTS.fallbackContextTokens, maxContextTokens);
}

function toOllamaMessage(message: ChatMessage): Message {
  const out: Message = { role: message.role, content: message.content };
  if (message.thinking !== undefined) out.thinking = message.thinking;
  if (message.tool_calls !== undefined && message.tool_calls.length > 0) out.tool_calls = message.tool_calls;
  if (message.tool_name !== undefined) out.tool_name = message.tool_name;
  if (message.images !== undefined && message.images.length > 0) out.images = message.images;
  return out;
}

function toOllamaTool(tool: ToolDefinition): Tool {
  return tool;
}

/**
 * A streamed step: num_ctx always; temperature and keep_alive when the conversation sets them;
 * `think: true` only for thinking models (never sent otherwise; false when the step asks for no
 * thinking, "low" for gpt-oss); tools only for models with the
 * tools capability (Ollama answers 400 to anything else).
 */
export function buildStepRequest(
  request: ChatStepRequest,
  capabilities: ModelCapabilities,
  numCtx: number,
): ChatRequest & { stream: true } {
  const body: ChatRequest & { stream: true } = {
    model: request.model,
    messages: request.messages.map(toOllamaMessage),
    stream: true,
    options: { num_ctx: numCtx, ...(request.temperature !== undefined ? { temperature: request.temperature } : {}) },
  };
  if (request.keepAlive !== undefined) body.keep_alive = request.keepAlive;
  // Structured outputs: a JSON schema as `format` (ollama/ollama docs/api.md "format"; the
  // server turns it into a grammar).
  if (request.format !== undefined) body.format = request.format;
  if (capabilities.thinking) body.think = request.think === false ? (takesOnlyThinkLevels(request.model) ? 'low' : false) : true;
  if (capabilities.tools && request.tools !== undefined && request.tools.length > 0) body.tools = request.tools.map(toOllamaTool);
  return body;
}

/**
 * gpt-oss (harmony) takes only thinking levels: `think: false` is not honoured, "low" is the least
 * (ollama/ollama server/routes.go shouldUseHarmony; api/types.go ThinkValue).
 */
function takesOnlyThinkLevels(model: string): boolean {
  return /(^|[/:])gpt-oss/i.test(model);
}

/**
 * A short side request: not streamed, capped at maxTokens, no tools. A thinking model gets thinking
 * turned off explicitly: since Ollama 0.12.4 a missing `think` means on (server/routes.go
 * ChatHandler), and the few tokens then all go to thinking.
 */
export function buildCompleteRequest(
  request: CompleteRequest,
  capabilities: ModelCapabilities,
  numCtx: number,
): ChatRequest & { stream: false } {
  const body: ChatRequest & { stream: false } = {
    model: request.model,
    messages: request.messages.map(toOllamaMessage),
    stream: false,
    options: { num_ctx: numCtx, num_predict: request.maxTokens },
  };
  if (capabilities.thinking) body.think = takesOnlyThinkLevels(request.model) ? 'low' : false;
  return body;
}
