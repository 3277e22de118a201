import type { JsonObject } from '../../../../shared/contract/json';
import type { ModelCapabilities, ModelInfo } from '../../../../shared/models/models';
import {
  ProviderError,
  type ChatMessage,
  type ChatProvider,
  type ChatStepRequest,
  type CompleteRequest,
  type ProviderChunk,
  type StepUsage,
  type ToolDefinition,
} from '../../provider/provider-types';

/** One scripted answer to one streamChat request. */
export type ScriptedReply =
  /** Streamed in order; a `done` chunk is added when missing. */
  | ProviderChunk[]
  /** Streams `before`, then throws `error` (a ProviderError, say). */
  | { type: 'error'; error: Error; before?: ProviderChunk[] }
  /** Streams `before`, then waits until the request's signal aborts (then throws an `aborted` ProviderError). */
  | { type: 'hang'; before?: ProviderChunk[] }
  /** Decide from the request. */
  | ((request: RecordedRequest) => ScriptedReply);

/** What the loop asked, copied at the time it asked. */
export interface RecordedRequest {
  model: string;
  messages: ChatMessage[];
  tools: ToolDefinition[] | undefined;
  /** The reply schema asked for (the constrained prompt format); absent when none. */
  format?: JsonObject;
}

export interface ScriptedProviderOptions {
  replies: ScriptedReply[];
  capabilities?: Partial<ModelCapabilities>;
  /** Answers status-sentence side requests; by default they fail (the loop falls back). */
  complete?: (request: CompleteRequest) => Promise<string> | string;
  models?: ModelInfo[];
}

export interface ScriptedProvider extends ChatProvider {
  /** Every streamChat request, in order. */
  readonly requests: RecordedRequest[];
  /** Every complete (side) request, in order. */
  readonly completeRequests: Array<{ model: string; messages: ChatMessage[]; maxTokens: number }>;
}

export const SCRIPTED_HOST = 'http://scripted.invalid';

/** A ChatProvider scripted per call that records every request (after vercel/ai's mock language model). */
export function createScriptedProvider(options: ScriptedProviderOptions): ScriptedProvider {
  const requests: RecordedRequest[] = [];
  const completeRequests: ScriptedProvider['completeRequests'] = [];
  const capabilities: ModelCapabilities = { tools: true, thinking: false, vision: false, contextLength: 8192, ...options.capabilities };
  return {
    host: SCRIPTED_HOST,
    requests,
    completeRequests,
    listModels: async () => options.models ?? [],
    capabilities: async () => ({ ...capabilities }),
    streamChat(request: ChatStepRequest): AsyncIterable<ProviderChunk> {
      const recorded: RecordedRequest = {
        model: request.model,
        messages: structuredClone(request.messages),
        tools: request.tools ? structuredClone(request.tools) : undefined,
        ...(request.format ? { format: structuredClone(request.format) } : {}),
      };
      requests.push(recorded);
      let reply: ScriptedReply | undefined = options.replies[requests.length - 1];
      while (typeof reply === 'function') reply = reply(recorded);
      return play(reply, requests.length, request.signal);
    },
    async complete(request: CompleteRequest): Promise<string> {
      completeRequests.push({ model: request.model, messages: structuredClone(request.messages), maxTokens: request.maxTokens });
      if (!options.complete) throw new ProviderError('ollama-error', 'No status sentence scripted.', SCRIPTED_HOST);
      return options.complete(request);
    },
  };
}

async function* play(
  reply: Exclude<ScriptedReply, (request: RecordedRequest) => ScriptedReply> | undefined,
  index: number,
  signal: AbortSignal,
): AsyncGenerator<ProviderChunk> {
  if (reply === undefined)
    throw new ProviderError('ollama-error', `Scripted provider: no reply scripted for request ${index}.`, SCRIPTED_HOST);
  if (Array.isArray(reply)) {
    for (const chunk of reply) {
      await Promise.resolve();
      yield chunk;
    }
    if (!reply.some((chunk) => chunk.type === 'done')) yield done();
    return;
  }
  for (const chunk of reply.before ?? []) yield chunk;
  if (reply.type === 'error') throw reply.error;
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  throw new ProviderError('aborted', 'The request was aborted.', SCRIPTED_HOST);
}

/** Text chunks. */
export function say(...parts: string[]): ProviderChunk[] {
  return parts.map((text) => ({ type: 'text', text }));
}

/** A `tool-calls` chunk as Ollama sends it. */
export function toolCalls(...calls: Array<[string, JsonObject]>): ProviderChunk {
  return { type: 'tool-calls', calls: calls.map(([name, args]) => ({ function: { name, arguments: args } })) };
}

/** A reply that only calls tools. */
export function callReply(...calls: Array<[string, JsonObject]>): ProviderChunk[] {
  return [toolCalls(...calls), done()];
}

export function done(usage: Partial<StepUsage> = {}): ProviderChunk {
  return {
    type: 'done',
    usage: {
      promptTokens: 100,
      completionTokens: 20,
      evalDurationNs: 1e9,
      totalDurationNs: 2e9,
      doneReason: 'stop',
      numCtx: 8192,
      ...usage,
    },
  };
}
