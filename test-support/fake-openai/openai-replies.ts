import type { JsonObject } from '../../shared/contract/json';
import type { FakeOpenAiChatRequest, FakeOpenAiModel, OpenAiReply } from './scenario-types';

/** Builders for scripted answers. */
export const openAiReply = {
  text: (text: string, extra: Partial<Extract<OpenAiReply, { type: 'text' }>> = {}): OpenAiReply => ({ type: 'text', text, ...extra }),
  thinking: (reasoning: string, text: string): OpenAiReply => ({ type: 'text', text, reasoning }),
  toolCall: (name: string, args: JsonObject = {}, text?: string): OpenAiReply => ({
    type: 'tool-calls',
    calls: [{ name, arguments: args }],
    ...(text !== undefined ? { text } : {}),
  }),
  toolCalls: (calls: { name: string; arguments: JsonObject }[]): OpenAiReply => ({ type: 'tool-calls', calls }),
  httpError: (status: number, message: string, retryAfterSeconds?: number): OpenAiReply => ({
    type: 'http-error',
    status,
    message,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  }),
  contextLength: (): OpenAiReply => ({ type: 'context-length' }),
  midStreamError: (text: string, message: string): OpenAiReply => ({ type: 'mid-stream-error', text, message }),
  stall: (text = ''): OpenAiReply => ({ type: 'stall', text }),
};

export const openAiModels = {
  withTools: (id = 'qwen2.5-7b-instruct'): FakeOpenAiModel => ({ id, tools: true }),
  withoutTools: (id = 'phi-2'): FakeOpenAiModel => ({ id, tools: false }),
};

/** The last user message's text (string or content parts). */
export function lastUserContent(request: FakeOpenAiChatRequest): string {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const content = user?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) => (typeof part === 'object' && part !== null && !Array.isArray(part) && typeof part.text === 'string' ? part.text : ''))
      .join('');
  return '';
}
