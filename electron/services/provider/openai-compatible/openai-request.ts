import type { ChatCompletionContentPart, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatMessage, ToolDefinition } from '../provider-types';

/** Guesses the image type from base64's first bytes; vision servers need a data: URL. */
function dataUrl(base64: string): string {
  const type = base64.startsWith('iVBOR')
    ? 'image/png'
    : base64.startsWith('R0lGOD')
      ? 'image/gif'
      : base64.startsWith('UklGR')
        ? 'image/webp'
        : 'image/jpeg';
  return `data:${type};base64,${base64}`;
}

/**
 * An id for a call the server gave none (history from the timeline, calls read from text): nine
 * alphanumerics, the one form every server takes (vLLM with a Mistral tokenizer refuses others).
 */
export function fallbackCallId(turn: number, index: number): string {
  return `t${String(turn % 100_000).padStart(5, '0')}c${String(index % 100).padStart(2, '0')}`;
}

/**
 * TACO's history (Ollama's shape) as OpenAI chat messages. Tool calls keep the server's id, else
 * get `fallbackCallId`,
 * and each tool result takes the id of the earliest unanswered call of its name; a tool result
 * with no call to answer (history from the prompt-based format) is sent as a user message.
 */
export function toOpenAiMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  let pending: { id: string; name: string }[] = [];
  messages.forEach((message, turn) => {
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        return;
      case 'user':
        if (message.images && message.images.length > 0) {
          const parts: ChatCompletionContentPart[] = [
            { type: 'text', text: message.content },
            ...message.images.map((image): ChatCompletionContentPart => ({ type: 'image_url', image_url: { url: dataUrl(image) } })),
          ];
          out.push({ role: 'user', content: parts });
        } else out.push({ role: 'user', content: message.content });
        return;
      case 'assistant': {
        const calls = message.tool_calls ?? [];
        if (calls.length === 0) {
          out.push({ role: 'assistant', content: message.content });
          return;
        }
        const ids = calls.map((call, index) => call.id ?? fallbackCallId(turn, index));
        pending = calls.map((call, index) => ({ id: ids[index] ?? fallbackCallId(turn, index), name: call.function.name }));
        out.push({
          role: 'assistant',
          content: message.content === '' ? null : message.content,
          tool_calls: calls.map((call, index) => ({
            id: ids[index] ?? fallbackCallId(turn, index),
            type: 'function',
            function: { name: call.function.name, arguments: JSON.stringify(call.function.arguments) },
          })),
        });
        return;
      }
      case 'tool': {
        const index = pending.findIndex((call) => message.tool_name === undefined || call.name === message.tool_name);
        const match = index === -1 ? undefined : pending.splice(index, 1)[0];
        if (match) out.push({ role: 'tool', tool_call_id: match.id, content: message.content });
        else out.push({ role: 'user', content: `Result of ${message.tool_name ?? 'the tool'}:\n${message.content}` });
        return;
      }
      default: {
        const never: never = message.role;
        throw new Error(`unknown role ${String(never)}`);
      }
    }
  });
  return out;
}

export function toOpenAiTools(tools: readonly ToolDefinition[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters },
  }));
}
