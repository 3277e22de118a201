import { createBoundClient } from '../provider/ollama/ollama-client';
import type { ChatRequest } from './chat-request';
import { toOllamaChatRequest } from './ollama-request';
import { completionId, newStreamState, toChatCompletion, toStreamChunks } from './ollama-response';
import { GatewayError, toGatewayError } from './openai-error';
import { serverLabel, type ForwardAnswer, type ForwardOptions, type ForwardTarget } from './forward-types';

/**
 * A chat completions request to an Ollama server through ollama-js, its own client per request
 * (the server's headers, the client's abort): nothing is shared with the app's runs, so a gateway
 * client waits only on what the server itself queues.
 */
export async function forwardToOllama(target: ForwardTarget, request: ChatRequest, options: ForwardOptions): Promise<ForwardAnswer> {
  const label = serverLabel(target.server);
  const { client } = createBoundClient({
    host: target.server.baseUrl,
    fetch: options.fetch,
    signal: options.signal,
    headers: target.server.headers,
  });
  const ollamaRequest = toOllamaChatRequest(request, target.model);
  try {
    if (request.stream !== true) {
      const response = await client.chat({ ...ollamaRequest, stream: false });
      return { type: 'json', body: toChatCompletion(completionId(), target.ref, response) };
    }
    const stream = await client.chat({ ...ollamaRequest, stream: true });
    const state = newStreamState(target.ref, request.stream_options?.include_usage === true);
    async function* chunks(): AsyncGenerator<unknown, void, undefined> {
      let done = false;
      try {
        for await (const part of stream) {
          yield* toStreamChunks(state, part);
          if (part.done) done = true;
        }
      } catch (error) {
        throw toGatewayError(error, label);
      } finally {
        if (!done) stream.abort();
      }
      if (!done) throw new GatewayError(502, `${label} ended the stream before its last chunk.`, 'incomplete_stream');
    }
    return { type: 'stream', chunks: chunks() };
  } catch (error) {
    throw toGatewayError(error, label);
  }
}
