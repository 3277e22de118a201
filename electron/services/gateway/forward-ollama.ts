import { createBoundClient } from '../provider/ollama/ollama-client';
import type { ChatRequest } from './chat-request';
import { toOllamaChatRequest } from './ollama-request';
import { completionId, newStreamState, toChatCompletion, toStreamChunks } from './ollama-response';
import { GatewayError, toGatewayError } from './openai-error';
import { streamOllamaChatOverNodeHttp } from './ollama-stream-over-node-http';
import { serverLabel, type ForwardAnswer, type ForwardOptions, type ForwardTarget } from './forward-types';

/**
 * A chat completions request to an Ollama server through ollama-js, its own client per request
 * (the server's headers, the client's abort): nothing is shared with the app's runs, so a gateway
 * client waits only on what the server itself queues. A streamed one goes over node:http when
 * `options.overNodeHttp` says so (ollama-stream-over-node-http.ts), unless that path hands it back.
 */
export async function forwardToOllama(target: ForwardTarget, request: ChatRequest, options: ForwardOptions): Promise<ForwardAnswer> {
  const label = serverLabel(target.server);
  const client = () =>
    createBoundClient({ host: target.server.baseUrl, fetch: options.fetch, signal: options.signal, headers: target.server.headers }).client;
  const ollamaRequest = toOllamaChatRequest(request, target.model);
  try {
    if (request.stream !== true) {
      const response = await client().chat({ ...ollamaRequest, stream: false });
      return { type: 'json', body: toChatCompletion(completionId(), target.ref, response) };
    }
    const direct = options.overNodeHttp ? await streamOllamaChatOverNodeHttp(target.server, ollamaRequest, options.signal) : null;
    // Stopping the node:http parts' iteration closes their answer; ollama-js's stream is aborted.
    const stream = direct
      ? { parts: direct, abort: () => undefined }
      : fromOllamaJs(await client().chat({ ...ollamaRequest, stream: true }));
    const state = newStreamState(target.ref, request.stream_options?.include_usage === true);
    async function* chunks(): AsyncGenerator<unknown, void, undefined> {
      let done = false;
      try {
        for await (const part of stream.parts) {
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

function fromOllamaJs<T>(stream: AsyncIterable<T> & { abort(): void }): { parts: AsyncIterable<T>; abort: () => void } {
  return { parts: stream, abort: () => stream.abort() };
}
