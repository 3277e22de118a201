import type { AbortableAsyncIterator, ChatResponse } from 'ollama';
import type { ModelCapabilities } from '../../../../../shared/models/models';
import { buildStepRequest, numCtxFor } from './chat-request-builder';
import { createBoundClient, type BoundClient } from '../ollama-client';
import type { ChatOverNodeHttp } from './chat-over-node-http';
import { burstChunks } from './burst-chunks';
import { readChatLines } from './chat-lines';
import { usageOf } from '../ollama-responses';
import { toProviderError } from '../../provider-error-mapping';
import { providerMessages } from '../../provider-messages';
import { createThinkSplitter } from '../../openai-compatible/stream/think-splitter';
import { ProviderError, type ChatStepRequest, type ProviderChunk } from '../../provider-types';

export interface StreamDeps {
  host: string;
  fetch: typeof fetch;
  maxContextTokens: number;
  capabilities(model: string, signal: AbortSignal): Promise<ModelCapabilities>;
  headers?: Readonly<Record<string, string>>;
  /** Told when the server refused `tools` for this model (the provider remembers it). */
  onToolsRefused?: (model: string, capabilities: ModelCapabilities) => void;
  /** Told the num_ctx this step sends, so side requests can send the same. */
  onNumCtx?: (numCtx: number) => void;
  /** The request straight over node:http (chat-over-node-http.ts); without it, or when it hands the step back, ollama-js sends it. */
  overNodeHttp?: ChatOverNodeHttp;
}

/**
 * One streamed step, straight over node:http (chat-over-node-http.ts) or over its own ollama-js
 * client: the request's signal aborts this stream only.
 * Yields text/thinking/tool-calls as they arrive, then exactly one `done`; anything else throws
 * a ProviderError.
 *
 * ollama-js sends the request (URL, headers, body, and the ResponseError of a non-2xx answer:
 * src/browser.ts `processStreamableRequest`, src/utils.ts `post`/`checkOk`); its `parseJSON`
 * generator only takes the body's reader on its first `next()`, which we never call. We read the
 * body ourselves (chat-lines.ts): one array of parsed lines per network chunk, parsed
 * synchronously, instead of one promise per line and a second pass to regroup them.
 */
export async function* streamStep(deps: StreamDeps, request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
  const { host } = deps;
  if (request.signal.aborted) throw new ProviderError('aborted', providerMessages.aborted(), host);
  const capabilities = await deps.capabilities(request.model, request.signal);
  const numCtx = numCtxFor(capabilities, deps.maxContextTokens, request.numCtx);
  deps.onNumCtx?.(numCtx);
  let response: Response | undefined;
  let bound: BoundClient | undefined;
  let iterator: AbortableAsyncIterator<ChatResponse> | undefined;
  let finished = false;
  let phase: 'request' | 'stream' = 'request';
  const onAbort = (): void => {
    iterator?.abort();
    bound?.client.abort();
  };
  request.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const stepRequest = buildStepRequest(request, capabilities, numCtx);
    let body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null = deps.overNodeHttp
      ? await deps.overNodeHttp(stepRequest, request.signal)
      : null;
    if (body === null) {
      bound = createBoundClient({
        host,
        fetch: deps.fetch,
        signal: request.signal,
        headers: deps.headers,
        onResponse: (answer) => (response = answer),
      });
      iterator = await bound.client.chat(stepRequest);
      // ollama-js already threw 'Missing body' when there was none (src/browser.ts processStreamableRequest).
      body = response?.body ?? null;
      if (!body) throw new Error('Missing body');
    }
    phase = 'stream';
    // Ollama before 0.9 and older qwen3 / deepseek-r1 pulls leave <think>…</think> in content.
    const splitter = createThinkSplitter();
    // Lines that arrived together are read as one burst: one chunk per burst, not per token.
    for await (const parts of readChatLines(body)) {
      const burst = burstChunks(parts);
      for (const chunk of burst.chunks) {
        if (chunk.type === 'text') yield* splitter.push(chunk.text);
        else yield chunk;
      }
      if (burst.done !== null) {
        yield* splitter.end();
        finished = true;
        yield { type: 'done', usage: usageOf(burst.done, numCtx) };
        return;
      }
    }
    throw new ProviderError('incomplete-stream', providerMessages.incompleteStream(), host);
  } catch (error) {
    finished = true;
    const failure = toProviderError(error, { host, model: request.model, signal: request.signal, timedOut: false, phase });
    if (failure.kind === 'tools-refused') deps.onToolsRefused?.(request.model, capabilities);
    throw failure;
  } finally {
    request.signal.removeEventListener('abort', onAbort);
    // The reader stopped early (break/return): close this stream's connection.
    if (!finished) iterator?.abort();
  }
}
