import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { openAiBaseUrl } from '../provider/openai-compatible/openai-base-url';
import { createOpenAiClient } from '../provider/openai-compatible/openai-client';
import type { ChatRequest } from './chat-request';
import { toGatewayError } from './openai-error';
import { serverLabel, type ForwardAnswer, type ForwardOptions, type ForwardTarget } from './forward-types';

/**
 * A chat completions request to an OpenAI-compatible server through the official `openai` client
 * (the server's base URL and headers, no retries): the body goes as the client sent it with only
 * `model` replaced by the server's own name, and every chunk comes back as the server sent it with
 * `model` set to the name the client used.
 */
export async function forwardToOpenAi(target: ForwardTarget, request: ChatRequest, options: ForwardOptions): Promise<ForwardAnswer> {
  const label = serverLabel(target.server);
  const client = createOpenAiClient({
    baseUrl: openAiBaseUrl(target.server.baseUrl),
    headers: target.server.headers,
    fetch: options.fetch,
  });
  const body = { ...request, model: target.model };
  try {
    if (request.stream !== true) {
      const completion = await client.chat.completions.create(body as unknown as ChatCompletionCreateParamsNonStreaming, {
        signal: options.signal,
      });
      return { type: 'json', body: { ...completion, model: target.ref } };
    }
    const stream = await client.chat.completions.create(body as unknown as ChatCompletionCreateParamsStreaming, { signal: options.signal });
    async function* chunks(): AsyncGenerator<unknown, void, undefined> {
      try {
        for await (const chunk of stream) yield { ...chunk, model: target.ref };
      } catch (error) {
        throw toGatewayError(error, label);
      }
    }
    return { type: 'stream', chunks: chunks() };
  } catch (error) {
    throw toGatewayError(error, label);
  }
}
