import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions, ChatModelResponse, GbnfJsonSchema } from 'node-llama-cpp';
import type { ChatMessage, ToolDefinition } from '../provider/provider-types';

/**
 * TACO's messages as node-llama-cpp's chat history: an assistant's tool calls become function
 * calls of its response, and the tool results that follow fill them in order (the chat wrapper
 * renders both with the model's own template). A result with no call to go with becomes user text.
 */
export function toChatHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  let open: ChatModelFunctionCall[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      const call = open.shift();
      if (call) call.result = message.content;
      else history.push({ type: 'user', text: `Result of ${message.tool_name ?? 'a tool'}:\n${message.content}` });
      continue;
    }
    open = [];
    if (message.role === 'system') history.push({ type: 'system', text: message.content });
    else if (message.role === 'user') history.push({ type: 'user', text: message.content });
    else {
      const response: ChatModelResponse['response'] = message.content ? [message.content] : [];
      for (const call of message.tool_calls ?? []) {
        const item: ChatModelFunctionCall = { type: 'functionCall', name: call.function.name, params: call.function.arguments, result: '' };
        response.push(item);
        open.push(item);
      }
      history.push({ type: 'model', response });
    }
  }
  return history;
}

/**
 * The offered tools as node-llama-cpp functions: descriptions and parameter schemas only, no
 * handlers — the engine stops at the first call and hands it to TACO's loop, which runs it.
 */
export function toFunctions(tools: readonly ToolDefinition[]): ChatModelFunctions {
  return Object.fromEntries(
    tools.map((tool) => [
      tool.function.name,
      { description: tool.function.description, params: tool.function.parameters as unknown as GbnfJsonSchema },
    ]),
  );
}
