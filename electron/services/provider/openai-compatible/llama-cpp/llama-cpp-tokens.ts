import { DEFAULTS } from '../../../../../shared/constants';
import type { ChatMessage, TokenCountRequest } from '../../provider-types';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { toOpenAiMessages, toOpenAiTools } from '../openai-request';
import { sanitiseSchema } from '../tool-schema-fixes';

export interface LlamaCppTokenCounterOptions {
  fetch: typeof fetch;
  baseUrl: string;
  headers: Readonly<Record<string, string>>;
  /** Whether the server answered llama.cpp's `/props` (no other server is asked). */
  isLlamaCpp(): boolean;
  /** The tools as the steps send them to this model (schema fixes applied), so the count is not refused where the step is not. */
  toolsFor?(model: string, tools: ChatCompletionTool[]): ChatCompletionTool[];
}

/** Which of llama.cpp's counting routes this server has; learnt from the first answers. */
type Route = 'input-tokens' | 'tokenize' | 'none';

/**
 * The server's count of a request's prompt tokens, from llama.cpp's own tokenizer (llama.cpp
 * 82bb48500a9a tools/server/server-context.cpp): `POST /v1/chat/completions/input_tokens` takes
 * the chat request itself and answers `{"input_tokens":N,"object":"response.input_tokens"}`, the
 * chat template and the tools included (handle_count_tokens, added in #23913); a server older than
 * that route (404) is asked `POST /tokenize` `{"content":…}` → `{"tokens":[…]}` (post_tokenize) for
 * the text TACO estimates from, without the template's framing. Neither takes a slot. Null when
 * the server cannot say; a route that is not there (404, or an answer not of this shape) is not
 * asked again.
 */
export function createLlamaCppTokenCounter(options: LlamaCppTokenCounterOptions): (request: TokenCountRequest) => Promise<number | null> {
  const root = options.baseUrl.replace(/\/v1\/?$/, '');
  let route: Route = 'input-tokens';
  // Every schema without what llama.cpp cannot compile (an unanchored pattern): a count is asked
  // before the step has learnt which tools the server refuses, and the sanitised schema counts the same.
  const countedTools = (model: string, tools: ChatCompletionTool[]): ChatCompletionTool[] =>
    (options.toolsFor ? options.toolsFor(model, tools) : tools).map((tool) =>
      tool.type === 'function'
        ? {
            ...tool,
            function: { ...tool.function, parameters: sanitiseSchema(tool.function.parameters) as typeof tool.function.parameters },
          }
        : tool,
    );

  async function post(path: string, body: unknown, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
    const response = await options.fetch(`${root}${path}`, {
      method: 'POST',
      headers: { ...options.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULTS.servers.connectTimeoutMs)]),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, body: null };
    }
  }

  async function inputTokens(request: TokenCountRequest): Promise<number | null | 'absent'> {
    const body = {
      model: request.model,
      messages: toOpenAiMessages(request.messages),
      ...(request.tools && request.tools.length > 0 ? { tools: countedTools(request.model, toOpenAiTools(request.tools)) } : {}),
    };
    const answer = await post('/v1/chat/completions/input_tokens', body, request.signal);
    const count = (answer.body as { input_tokens?: unknown } | null)?.input_tokens;
    if (answer.status === 200 && typeof count === 'number' && Number.isInteger(count) && count > 0) return count;
    // 404: an older server without the route. Any other failure (a schema it cannot compile) is this request's.
    return answer.status === 404 ? 'absent' : null;
  }

  async function tokenize(request: TokenCountRequest): Promise<number | null | 'absent'> {
    const answer = await post('/tokenize', { content: plainText(request.messages, request.tools ?? []) }, request.signal);
    const tokens = (answer.body as { tokens?: unknown } | null)?.tokens;
    if (answer.status === 200 && Array.isArray(tokens) && tokens.length > 0) return tokens.length;
    return answer.status === 200 || answer.status === 404 ? 'absent' : null;
  }

  return async function countPromptTokens(request) {
    if (route === 'none' || !options.isLlamaCpp() || request.signal.aborted) return null;
    try {
      if (route === 'input-tokens') {
        const count = await inputTokens(request);
        if (count !== 'absent') return count;
        route = 'tokenize';
      }
      const count = await tokenize(request);
      if (count !== 'absent') return count;
      route = 'none';
      return null;
    } catch {
      return null;
    }
  };
}

/** The text of a request as TACO's estimate reads it: each message's content and calls, then the tools' JSON. */
function plainText(messages: readonly ChatMessage[], tools: readonly unknown[]): string {
  const parts = messages.map((message) => message.content + (message.tool_calls ? JSON.stringify(message.tool_calls) : ''));
  if (tools.length > 0) parts.push(JSON.stringify(tools));
  return parts.join('\n');
}
