import type OpenAI from 'openai';
import { DEFAULTS } from '../../../../shared/constants';
import type { ModelCapabilities, ModelInfo } from '../../../../shared/models/models';
import { CapabilitiesCache } from '../ollama/capabilities-cache';
import { ProviderError, type ChatProvider, type CompleteRequest } from '../provider-types';
import { openAiBaseUrl } from './openai-base-url';
import { createOpenAiClient } from './openai-client';
import { toOpenAiProviderError } from './openai-errors';
import { openAiMessages } from './openai-messages';
import { parseOpenAiModels } from './openai-models';
import { toOpenAiMessages } from './openai-request';
import { streamOpenAiStep, type SchemaFixes } from './stream/openai-stream';
import { retryOnSharedMemory } from './llama-cpp/shared-memory-retry';
import { applySchemaFixes } from './tool-schema-fixes';
import { probeToolSupport } from './tool-probe';
import { retryWhileLoading } from './llama-cpp/loading-retry';
import { createModelContextReader } from './model-context';
import { createLlamaCppTokenCounter } from './llama-cpp/llama-cpp-tokens';
import { readBusySlots, type BusyWatch } from './llama-cpp/llama-cpp-slots';
import { readLlamaCppProps } from './llama-cpp/llama-cpp-props';
import { withoutThinkBlocks } from '../without-think-blocks';
import { cappedAnswerFetch } from './capped-answers';

export { openAiBaseUrl } from './openai-base-url';

export interface OpenAiCompatibleProviderOptions {
  /** The API root, e.g. http://127.0.0.1:8000/v1 (a bare host gets /v1). */
  baseUrl: string;
  headers?: Readonly<Record<string, string>>;
  /** Upper bound on the context TACO plans for (Settings.maxContextTokens). */
  maxContextTokens: number;
  /** Listing models and the tool probe give up after this long. */
  connectTimeoutMs?: number;
  /** The user's answer per model: true/false skips the probe. */
  toolSupport?: Readonly<Record<string, boolean>>;
  fetch?: typeof fetch;
  /** Where TACO's own mistakes a server reports are written (default: console.warn). */
  log?: (message: string) => void;
  /** How long a step waits for its headers before llama.cpp's slots are asked whether all are busy (default DEFAULTS.servers.busyCheckAfterMs). */
  busyCheckAfterMs?: number;
  /** The wait between the two reads of `/slots` that tell another request's generation from this one's prompt (default DEFAULTS.servers.busyRecheckMs). */
  busyRecheckMs?: number;
  /** How long the one-token tools probe may wait (default DEFAULTS.servers.toolProbeTimeoutMs). */
  toolProbeTimeoutMs?: number;
  /** How old llama.cpp's context may be before `/props` is read again (default DEFAULTS.servers.contextRecheckMs). */
  contextRecheckMs?: number;
}

/**
 * The ChatProvider over an OpenAI-compatible server (vLLM, llama.cpp's llama-server, LM Studio,
 * Jan) with the official `openai` client. Whether a model takes `tools` is unknown from the API:
 * it is probed once per model (cached) unless the user said; without tools the loop uses the
 * prompt-based format.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleProviderOptions): ChatProvider {
  const baseUrl = openAiBaseUrl(options.baseUrl);
  const host = baseUrl;
  const headers = options.headers ?? {};
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULTS.servers.connectTimeoutMs;
  const log = options.log ?? ((message: string) => console.warn(`[openai-compatible] ${message}`));
  const baseFetch = options.fetch ?? ((input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, init));
  // Every answer read whole (all but the streamed steps) stops at DEFAULTS.servers.maxAnswerBytes.
  const plainFetch = cappedAnswerFetch(baseFetch, { onTooLarge: (error) => log(error.message) });
  const probeClient = createOpenAiClient({ baseUrl, headers, timeoutMs: connectTimeoutMs, fetch: plainFetch });
  const streamClient: OpenAI = createOpenAiClient({ baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const sideClient: OpenAI = createOpenAiClient({ baseUrl, headers, fetch: plainFetch });
  const toolProbeClient = createOpenAiClient({
    baseUrl,
    headers,
    timeoutMs: Math.max(connectTimeoutMs, options.toolProbeTimeoutMs ?? DEFAULTS.servers.toolProbeTimeoutMs),
    fetch: plainFetch,
  });
  const aborted = (): ProviderError => new ProviderError('aborted', openAiMessages.aborted(), host);
  const listEntries = async (signal?: AbortSignal): Promise<unknown[]> =>
    // llama.cpp answers 503 "Loading model" on /v1/models too while it loads: wait as a step does.
    (await retryWhileLoading(host, signal, () => probeClient.models.list(signal ? { signal } : {}))).data;
  /** Tools this server could not compile, per model: sanitised or left out from then on. */
  const schemaFixes: SchemaFixes = new Map();
  const modelContext = createModelContextReader({ fetch: plainFetch, baseUrl, headers, list: () => listEntries() });
  const countPromptTokens = createLlamaCppTokenCounter({
    fetch: plainFetch,
    baseUrl,
    headers,
    isLlamaCpp: () => modelContext.isLlamaCpp(),
    toolsFor: (model, tools) => applySchemaFixes(tools, schemaFixes.get(model)),
  });
  const busySlots = async (signal: AbortSignal): Promise<number | null> =>
    modelContext.isLlamaCpp()
      ? readBusySlots(plainFetch, baseUrl, headers, signal, options.busyRecheckMs ?? DEFAULTS.servers.busyRecheckMs)
      : null;
  const busyWatch: BusyWatch = {
    busySlots,
    afterMs: options.busyCheckAfterMs ?? DEFAULTS.servers.busyCheckAfterMs,
    words: (slots) => openAiMessages.slotsBusy(host, slots),
  };

  async function listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
    if (signal?.aborted) throw aborted();
    try {
      const entries = await listEntries(signal);
      modelContext.noted(entries);
      return parseOpenAiModels(entries);
    } catch (error) {
      throw toOpenAiProviderError(error, { host, model: null, signal, timeoutMs: connectTimeoutMs, phase: 'request' });
    }
  }

  const formatRefused = new Set<string>();
  /** llama.cpp's slot context per model, and when it was read: re-read when older than contextRecheckMs (restarts either way). */
  const contextRead = new Map<string, { tokens: number | null; at: number }>();
  const contextRecheckMs = options.contextRecheckMs ?? DEFAULTS.servers.contextRecheckMs;
  const cache = new CapabilitiesCache(async (model): Promise<ModelCapabilities> => {
    const facts = await modelContext.read(model);
    contextRead.set(model, { tokens: facts.contextLength, at: Date.now() });
    // The user's word first; then llama.cpp's template caps (no slot needed); else the one-token probe.
    const tools = options.toolSupport?.[model] ?? facts.supportsTools ?? (await probe(model));
    return { tools, thinking: false, vision: false, contextLength: facts.contextLength };
  });

  async function probe(model: string): Promise<boolean> {
    const timeoutMs = Math.max(connectTimeoutMs, options.toolProbeTimeoutMs ?? DEFAULTS.servers.toolProbeTimeoutMs);
    try {
      return await probeToolSupport(toolProbeClient, model, undefined, host);
    } catch (error) {
      const failure = toOpenAiProviderError(error, { host, model, timeoutMs, phase: 'request' });
      // Up but occupied (-np 1 with a long answer running): say busy, not "did not answer".
      const slots = failure.kind === 'unreachable' ? await busySlots(AbortSignal.timeout(connectTimeoutMs)) : null;
      if (slots !== null) throw new ProviderError('ollama-error', openAiMessages.probeBusy(host, slots, timeoutMs), host);
      // No /slots to ask (not llama.cpp, or --no-slots): a server that still lists its models is up, not unreachable.
      if (failure.kind === 'unreachable' && (await answersListing())) {
        throw new ProviderError('ollama-error', openAiMessages.probeNoAnswer(host, timeoutMs), host);
      }
      throw failure;
    }
  }

  async function answersListing(): Promise<boolean> {
    try {
      await probeClient.models.list({ signal: AbortSignal.timeout(connectTimeoutMs) });
      return true;
    } catch {
      return false;
    }
  }

  /** The server said the prompt does not fit: what it knows about the model is read again, and the context it has now is returned. */
  async function rereadContext(model: string): Promise<number | null> {
    cache.forget(model);
    try {
      return (await cache.get(model, undefined, aborted)).contextLength;
    } catch {
      return null;
    }
  }
  async function capabilities(model: string, signal?: AbortSignal): Promise<ModelCapabilities> {
    const known = await cache.get(model, signal, aborted);
    if (!modelContext.isLlamaCpp()) return known;
    const last = contextRead.get(model);
    if (last === undefined || Date.now() - last.at >= contextRecheckMs) {
      const props = await readLlamaCppProps(plainFetch, baseUrl, headers, model);
      // No answer now (restarting, loading): what was known stands until the next read.
      contextRead.set(model, { tokens: props?.slotContext ?? last?.tokens ?? known.contextLength, at: Date.now() });
    }
    const tokens = contextRead.get(model)?.tokens ?? null;
    return tokens === null || tokens === known.contextLength ? known : { ...known, contextLength: tokens };
  }

  return {
    host,
    listModels,
    capabilities,
    countPromptTokens,
    streamChat(request) {
      const onToolsRefused = (model: string, known: ModelCapabilities): void => cache.withoutTools(model, known);
      const deps = {
        host,
        client: streamClient,
        maxContextTokens: options.maxContextTokens,
        capabilities,
        onToolsRefused,
        rereadContext,
        schemaFixes,
        formatRefused,
        log,
        busyWatch,
      };
      // llama.cpp's shared KV cache may run out while other requests run: the step is tried again (continued when it showed text).
      return retryOnSharedMemory(host, request.signal, (prefill) =>
        streamOpenAiStep(
          deps,
          prefill ? { ...request, messages: [...request.messages, { role: 'assistant', content: prefill }] } : request,
        ),
      );
    },
    async complete(request: CompleteRequest): Promise<string> {
      if (request.signal.aborted) throw aborted();
      try {
        const answer = await retryWhileLoading(host, request.signal, () =>
          sideClient.chat.completions.create(
            { model: request.model, messages: toOpenAiMessages(request.messages), max_tokens: request.maxTokens, stream: false },
            { signal: request.signal },
          ),
        );
        const raw = answer.choices[0]?.message.content;
        const content = typeof raw === 'string' ? withoutThinkBlocks(raw).trim() : '';
        if (content === '') throw new ProviderError('ollama-error', openAiMessages.noContent(request.model), host);
        return content;
      } catch (error) {
        throw toOpenAiProviderError(error, { host, model: request.model, signal: request.signal, phase: 'request' });
      }
    },
  };
}
