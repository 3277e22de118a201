import type { Ollama } from 'ollama';
import { DEFAULTS } from '../../../../shared/constants';
import type { ModelCapabilities, ModelInfo } from '../../../../shared/models/models';
import { CapabilitiesCache } from './capabilities-cache';
import { buildCompleteRequest, numCtxFor } from './chat/chat-request-builder';
import { createBoundClient, type BoundClient } from './ollama-client';
import { parseLoadedModels, withLoaded } from './loaded-models';
import { contentOf, parseCapabilities, parseModelList } from './ollama-responses';
import { streamStep } from './chat/ollama-stream';
import { toProviderError } from '../provider-error-mapping';
import { providerMessages } from '../provider-messages';
import { chatOverNodeHttp, completeOverNodeHttp } from './chat/chat-over-node-http';
import { ProviderError, type ChatProvider, type CompleteRequest, type EmbedRequest } from '../provider-types';

export interface OllamaProviderOptions {
  /** e.g. http://127.0.0.1:11434 */
  host: string;
  /** Upper bound on num_ctx (Settings.maxContextTokens). */
  maxContextTokens: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** List/show give up after this long. Default DEFAULTS.ollamaProbeTimeoutMs. */
  probeTimeoutMs?: number;
  /** Sent with every request (a remote Ollama behind a proxy with a token); never logged. */
  headers?: Readonly<Record<string, string>>;
}

/** The ChatProvider over ollama-js. Every call gets its own client, so one abort touches one call. */
export function createOllamaProvider(options: OllamaProviderOptions): ChatProvider {
  const host = options.host.trim().replace(/\/+$/, '');
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
  // The round's own request skips fetch's and ollama-js's per-request cost (what it hands back goes
  // through ollama-js over fetch); an injected fetch (tests) is used as it is.
  const overNodeHttp =
    options.fetch === undefined && DEFAULTS.agentPerf.streamOverNodeHttp ? chatOverNodeHttp(host, options.headers) : undefined;
  const completeOverHttp =
    options.fetch === undefined && DEFAULTS.agentPerf.sideRequestsOverNodeHttp ? completeOverNodeHttp(host, options.headers) : undefined;
  const probeTimeoutMs = options.probeTimeoutMs ?? DEFAULTS.ollamaProbeTimeoutMs;
  const headers = options.headers;
  const aborted = (): ProviderError => new ProviderError('aborted', providerMessages.aborted(), host);

  /** A list/show call bounded by the probe timeout and the caller's signal. */
  async function probe<T>(
    model: string | null,
    signal: AbortSignal | undefined,
    call: (client: Ollama) => Promise<unknown>,
    parse: (response: unknown) => T,
  ): Promise<T> {
    if (signal?.aborted) throw aborted();
    let bound: BoundClient | undefined;
    try {
      bound = createBoundClient({ host, fetch: baseFetch, signal, timeoutMs: probeTimeoutMs, headers });
      return parse(await call(bound.client));
    } catch (error) {
      throw toProviderError(error, {
        host,
        model,
        signal,
        timedOut: bound?.timedOut() ?? false,
        timeoutMs: probeTimeoutMs,
        phase: 'request',
      });
    }
  }

  // One num_ctx per model: side requests reuse what the model's last step sent (server/sched.go
  // reloads the model whenever num_ctx changes).
  const lastNumCtx = new Map<string, number>();

  const cache = new CapabilitiesCache((model) => probe(model, undefined, (client) => client.show({ model }), parseCapabilities));
  const capabilities = (model: string, signal?: AbortSignal): Promise<ModelCapabilities> => cache.get(model, signal, aborted);

  return {
    host,

    async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
      // /api/ps says which models are in memory and how much of each is on the GPU; a server or
      // proxy that does not answer it still lists its models.
      const [models, loaded] = await Promise.all([
        probe(null, signal, (client) => client.list(), parseModelList),
        probe(null, signal, (client) => client.ps(), parseLoadedModels).catch(() => null),
      ]);
      return withLoaded(models, loaded);
    },

    capabilities,

    streamChat(request) {
      const onNumCtx = (numCtx: number): void => void lastNumCtx.set(request.model, numCtx);
      const onToolsRefused = (model: string, known: ModelCapabilities): void => cache.withoutTools(model, known);
      return streamStep(
        {
          host,
          fetch: baseFetch,
          maxContextTokens: options.maxContextTokens,
          capabilities,
          headers,
          onNumCtx,
          onToolsRefused,
          ...(overNodeHttp ? { overNodeHttp } : {}),
        },
        request,
      );
    },

    async complete(request: CompleteRequest): Promise<string> {
      if (request.signal.aborted) throw aborted();
      const modelCapabilities = await capabilities(request.model, request.signal);
      const numCtx = request.numCtx ?? lastNumCtx.get(request.model) ?? numCtxFor(modelCapabilities, options.maxContextTokens);
      try {
        const body = buildCompleteRequest(request, modelCapabilities, numCtx);
        // Straight over node:http; a redirect (null) goes through ollama-js and fetch, which follow it.
        const direct = completeOverHttp ? await completeOverHttp(body, request.signal) : null;
        const answer = direct
          ? direct.answer
          : await createBoundClient({ host, fetch: baseFetch, signal: request.signal, headers }).client.chat(body);
        const content = contentOf(answer).trim();
        if (content === '') throw new ProviderError('ollama-error', providerMessages.noContent(request.model), host);
        return content;
      } catch (error) {
        throw toProviderError(error, { host, model: request.model, signal: request.signal, timedOut: false, phase: 'request' });
      }
    },

    async embed(request: EmbedRequest): Promise<number[][]> {
      if (request.signal.aborted) throw aborted();
      try {
        const { client } = createBoundClient({ host, fetch: baseFetch, signal: request.signal });
        const response = await client.embed({ model: request.model, input: request.input });
        return response.embeddings;
      } catch (error) {
        throw toProviderError(error, { host, model: request.model, signal: request.signal, timedOut: false, phase: 'request' });
      }
    },
  };
}
