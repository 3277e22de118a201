import type { AbortableAsyncIterator, ChatResponse } from 'ollama';
import type { ModelCapabilities } from '../../../../shared/models';
import { buildStepRequest, numCtxFor } from './chat-request-builder';
import { createBoundClient } from './ollama-client';
import { burstChunks } from './burst-chunks';
import { usageOf } from './ollama-responses';
import { toProviderError } from '../provider-error-mapping';
import { providerMessages } from '../provider-messages';
import { readInBursts } from './read-in-bursts';
import { ProviderError, type ChatStepRequest, type ProviderChunk } from '../provider-types';

export interface StreamDeps {
  host: string;
  fetch: typeof fetch;
  maxContextTokens: number;
  capabilities(model: string, signal: AbortSignal): Promise<ModelCapabilities>;
  headers?: Readonly<Record<string, string>>;
  /** Told the num_ctx each step is sent with (side requests then use the same: another value reloads the model). */
  sentNumCtx?(model: string, numCtx: number): void;
}

/**
 * One streamed step over its own ollama-js client: the request's signal aborts this stream only.
 * Yields text/thinking/tool-calls as they arrive, then exactly one `done`; anything else throws
 * a ProviderError.
 */
export async function* streamStep(deps: StreamDeps, request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
  const { host } = deps;
  if (request.signal.aborted) throw new ProviderError('aborted', providerMessages.aborted(), host);
  const capabilities = await deps.capabilities(request.model, request.signal);
  const numCtx = numCtxFor(capabilities, deps.maxContextTokens, request.numCtx);
  deps.sentNumCtx?.(request.model, numCtx);
  const { client } = createBoundClient({ host, fetch: deps.fetch, signal: request.signal, headers: deps.headers });

  let iterator: AbortableAsyncIterator<ChatResponse> | undefined;
  let finished = false;
  let phase: 'request' | 'stream' = 'request';
  const onAbort = (): void => {
    iterator?.abort();
    client.abort();
  };
  request.signal.addEventListener('abort', onAbort, { once: true });
  try {
    iterator = await client.chat(buildStepRequest(request, capabilities, numCtx));
    phase = 'stream';
    // Lines that arrived together are read as one burst: one chunk per burst, not per token.
    for await (const parts of readInBursts(iterator[Symbol.asyncIterator]())) {
      const burst = burstChunks(parts);
      for (const chunk of burst.chunks) yield chunk;
      if (burst.done !== null) {
        finished = true;
        yield { type: 'done', usage: usageOf(burst.done, numCtx) };
        return;
      }
    }
    throw new ProviderError('incomplete-stream', providerMessages.incompleteStream(), host);
  } catch (error) {
    finished = true;
    throw toProviderError(error, { host, model: request.model, signal: request.signal, timedOut: false, phase });
  } finally {
    request.signal.removeEventListener('abort', onAbort);
    // The reader stopped early (break/return): close this stream's connection.
    if (!finished) iterator?.abort();
  }
}
