import type OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Stream } from 'openai/core/streaming';
import { DEFAULTS } from '../../../../../shared/constants';
import type { ModelCapabilities } from '../../../../../shared/models/models';
import { ProviderError, type ChatStepRequest, type ProviderChunk, type ProviderErrorDetail, type StepUsage } from '../../provider-types';
import { openAiMessages } from '../openai-messages';
import { APIError } from 'openai';
import { isContextLengthError, serverDetail, toOpenAiProviderError } from '../openai-errors';
import { isSharedMemoryExhausted, SharedMemoryExhausted } from '../llama-cpp/shared-memory-retry';
import { isBadHistoryToolCall } from '../../malformed-tool-call';
import { applySchemaFixes, isSchemaCompileFailure, pinRefusedTools, type ToolSchemaAction } from '../tool-schema-fixes';
import { toOpenAiMessages, toOpenAiTools } from '../openai-request';
import { isBusy, retryDelayMs, waitFor } from '../retry-after';
import { retryWhileLoading } from '../llama-cpp/loading-retry';
import { createThinkSplitter } from './think-splitter';
import { createToolCallAssembler, type ToolCallDelta } from './tool-call-assembler';
import { openSayingBusy, type BusyWatch } from '../llama-cpp/llama-cpp-slots';

export interface OpenAiStreamDeps {
  host: string;
  client: OpenAI;
  maxContextTokens: number;
  capabilities(model: string, signal: AbortSignal): Promise<ModelCapabilities>;
  now?: () => number;
  /** Told when the server refused `tools` for this model (the provider remembers it). */
  onToolsRefused?: (model: string, capabilities: ModelCapabilities) => void;
  /** The server said the prompt does not fit: read the model's context again (null: still unknown). */
  rereadContext?: (model: string) => Promise<number | null>;
  /** Where TACO's own mistakes that a server reports are written (a tool call in the history it could not read). */
  log?: (message: string) => void;
  /** Tools this server could not compile for this model, and what is done to each (remembered by the provider). */
  schemaFixes?: SchemaFixes;
  /** Models this server refused `response_format` for (remembered by the provider): sent without it. */
  formatRefused?: Set<string>;
  /** Says "busy" while a request waits for a free slot (llama.cpp). */
  busyWatch?: BusyWatch;
}

/** Per model: the tools a server could not compile, sanitised or left out from then on. */
export type SchemaFixes = Map<string, Map<string, ToolSchemaAction>>;

/** The reasoning a delta carries: `reasoning_content` (vLLM, llama.cpp, DeepSeek) or `reasoning` (some proxies). */
function reasoningOf(delta: unknown): string {
  if (typeof delta !== 'object' || delta === null) return '';
  const record = delta as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof record.reasoning_content === 'string') return record.reasoning_content;
  if (typeof record.reasoning === 'string') return record.reasoning;
  return '';
}

/** The request: no num_ctx (an OpenAI-compatible server fixes its context when it starts); tools only when the model takes them. */
function buildBody(
  request: ChatStepRequest,
  capabilities: ModelCapabilities,
  fixes: ReadonlyMap<string, ToolSchemaAction> | undefined,
  formatRefused: ReadonlySet<string>,
): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: toOpenAiMessages(request.messages),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.temperature !== undefined) body.temperature = request.temperature;
  // The constrained reply format as OpenAI's json_schema response_format: llama.cpp reads
  // `response_format.json_schema.schema` (tools/server/server-common.cpp, unslothai/llama.cpp
  // d32676d), vLLM takes the same OpenAI shape (docs/source/features/structured_outputs.md).
  if (request.format !== undefined && !formatRefused.has(request.model)) {
    body.response_format = { type: 'json_schema', json_schema: { name: 'taco_reply', schema: request.format } };
  }
  if (capabilities.tools && request.tools !== undefined && request.tools.length > 0) {
    const tools = applySchemaFixes(toOpenAiTools(request.tools), fixes);
    if (tools.length > 0) body.tools = tools;
  }
  return body;
}

/**
 * Opens the stream; a 429/503 is retried once after the delay the server asked for (bounded by
 * DEFAULTS.servers.maxRetryAfterMs), then said in words.
 */
async function openStream(
  deps: OpenAiStreamDeps,
  body: ChatCompletionCreateParamsStreaming,
  signal: AbortSignal,
): Promise<Stream<ChatCompletionChunk>> {
  try {
    return await retryWhileLoading(deps.host, signal, () => deps.client.chat.completions.create(body, { signal }));
  } catch (error) {
    if (!isBusy(error) || error instanceof ProviderError) throw error;
    const delay = retryDelayMs(error);
    const status = error.status ?? 429;
    if (delay > DEFAULTS.servers.maxRetryAfterMs)
      throw new ProviderError('ollama-error', openAiMessages.busyTooLong(deps.host, status, delay), deps.host, status);
    await waitFor(delay, signal);
    try {
      return await deps.client.chat.completions.create(body, { signal });
    } catch (again) {
      if (isBusy(again))
        throw new ProviderError(
          'ollama-error',
          openAiMessages.busy(deps.host, again.status ?? status, delay),
          deps.host,
          again.status ?? status,
        );
      throw again;
    }
  }
}

/**
 * A server that answers 400 to `response_format` (one that does not do structured output) gets
 * the step again without it, and the model is remembered, so the run reads the reply as the plain
 * prompt-based format instead of failing.
 */
async function openWithFormat(
  deps: OpenAiStreamDeps,
  body: ChatCompletionCreateParamsStreaming,
  signal: AbortSignal,
): Promise<Stream<ChatCompletionChunk>> {
  try {
    return await openStream(deps, body, signal);
  } catch (error) {
    if (body.response_format === undefined || !refusesFormat(error, body)) throw error;
    deps.formatRefused?.add(body.model);
    const { response_format: _refused, ...without } = body;
    return openStream(deps, without, signal);
  }
}

/** Words of a 400 about the reply format itself (OpenAI's "Unrecognized request argument supplied: response_format", llama.cpp's schema and grammar errors). */
const FORMAT_REFUSAL = /response_format|json[_ ]schema|grammar|structured output/i;

/**
 * Whether a 400 refuses `response_format` itself. An overflow, a model not loaded or any other
 * 400 is the request's, never the format's: marking the model would turn the grammar off for the
 * rest of the process. With tools in the request a schema error may be theirs, so only a 400 that
 * names `response_format` counts.
 */
export function refusesFormat(error: unknown, body: { tools?: unknown }): boolean {
  if (statusOf(error) !== 400 || !(error instanceof APIError) || isContextLengthError(error)) return false;
  const detail = serverDetail(error);
  const withTools = Array.isArray(body.tools) && body.tools.length > 0;
  return withTools ? /response_format/i.test(detail) : FORMAT_REFUSAL.test(detail);
}

function statusOf(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}

/** What a `finish_reason: "length"` says: the context is full when prompt plus reply reached it. */
function cutDetail(
  usage: { prompt_tokens?: number; completion_tokens?: number } | null,
  numCtx: number,
): Extract<ProviderErrorDetail, { type: 'cut' }> {
  const promptTokens = usage?.prompt_tokens ?? 0;
  const completionTokens = usage?.completion_tokens ?? 0;
  // Without usage there is nothing else to stop it: TACO set no max_tokens.
  const contextFull = usage === null || promptTokens + completionTokens >= numCtx - DEFAULTS.truncationMarginTokens;
  return { type: 'cut', contextFull, promptTokens, completionTokens };
}

/**
 * The server could not compile some tools' parameters (llama.cpp's 400 "Unable to generate parser
 * for this template…"): the tools its words pin it on are remembered for this model, sanitised or
 * left out, and named (`tool-schema-refused`, the loop goes on); a failure pinned on no tool, or
 * one that stays after the fixes, is a refused `tools` (the prompt-based format). Null for any
 * other failure.
 */
function schemaFailure(
  deps: OpenAiStreamDeps,
  model: string,
  body: ChatCompletionCreateParamsStreaming,
  error: unknown,
): ProviderError | null {
  if (!(error instanceof APIError) || error.status !== 400 || body.tools === undefined) return null;
  const detail = serverDetail(error);
  if (!isSchemaCompileFailure(detail)) return null;
  const known = deps.schemaFixes?.get(model) ?? new Map<string, ToolSchemaAction>();
  const pinned = pinRefusedTools(detail, body.tools).filter((tool) => known.get(tool.name) !== tool.action);
  if (pinned.length === 0 || !deps.schemaFixes)
    return new ProviderError('tools-refused', openAiMessages.toolsRefused(deps.host, detail), deps.host, 400);
  for (const tool of pinned) known.set(tool.name, tool.action);
  deps.schemaFixes.set(model, known);
  const message = openAiMessages.toolSchemaRefused(
    deps.host,
    pinned.map((tool) => tool.name),
    detail,
  );
  return new ProviderError('tool-schema-refused', message, deps.host, 400, { type: 'tool-schemas', tools: pinned });
}

/**
 * The prompt did not fit: before deciding anything the model's context is read again (a server
 * restarted with a smaller `-c` behind a running TACO). Smaller than the step was planned with:
 * `context-changed`, for the loop to fit the conversation to it; else the overflow as it is.
 */
async function contextFailure(
  deps: OpenAiStreamDeps,
  request: ChatStepRequest,
  plannedCtx: number,
  failure: ProviderError,
): Promise<ProviderError> {
  if (request.signal.aborted || request.numCtx !== undefined || !deps.rereadContext) return failure;
  const now = await deps.rereadContext(request.model);
  if (now === null || now >= plannedCtx) return failure;
  return new ProviderError('context-changed', openAiMessages.contextChanged(deps.host, plannedCtx, now), deps.host, failure.status, {
    type: 'context',
    contextTokens: now,
  });
}

/**
 * One streamed step over chat completions: text and thinking as they arrive (reasoning fields and
 * <think> blocks become thinking), tool calls assembled by index and yielded once the stream ends,
 * then exactly one `done` with the usage. Anything else throws a ProviderError.
 */
export async function* streamOpenAiStep(deps: OpenAiStreamDeps, request: ChatStepRequest): AsyncGenerator<ProviderChunk, void, undefined> {
  const { host } = deps;
  const now = deps.now ?? Date.now;
  if (request.signal.aborted) throw new ProviderError('aborted', openAiMessages.aborted(), host);
  const capabilities = await deps.capabilities(request.model, request.signal);
  const numCtx = request.numCtx ?? Math.min(capabilities.contextLength ?? DEFAULTS.fallbackContextTokens, deps.maxContextTokens);
  const started = now();
  let phase: 'request' | 'stream' = 'request';
  let stream: Stream<ChatCompletionChunk> | undefined;
  let finished = false;
  const body = buildBody(request, capabilities, deps.schemaFixes?.get(request.model), deps.formatRefused ?? new Set());
  try {
    stream = yield* openSayingBusy(openWithFormat(deps, body, request.signal), deps.busyWatch, request.signal);
    phase = 'stream';
    const splitter = createThinkSplitter();
    const assembler = createToolCallAssembler();
    let firstToken: number | null = null;
    let finishReason: string | null = null;
    let usage: { prompt_tokens?: number; completion_tokens?: number } | null = null;
    let sawDone = false;
    for await (const chunk of stream) {
      if (request.signal.aborted) break;
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta;
      const reasoning = reasoningOf(delta);
      if (reasoning !== '') {
        firstToken ??= now();
        yield { type: 'thinking', text: reasoning };
      }
      if (typeof delta.content === 'string' && delta.content !== '') {
        firstToken ??= now();
        for (const piece of splitter.push(delta.content)) yield piece;
      }
      if (delta.tool_calls) {
        firstToken ??= now();
        assembler.add(delta.tool_calls as ToolCallDelta[]);
      }
      if (choice.finish_reason) {
        finishReason = choice.finish_reason;
        sawDone = true;
      }
    }
    if (!sawDone) throw new ProviderError('incomplete-stream', openAiMessages.incompleteStream(), host);
    for (const piece of splitter.end()) yield piece;
    // TACO sends no max_tokens: "length" is the context filled (or the server's own -n limit).
    const cut = finishReason === 'length' ? cutDetail(usage, numCtx) : null;
    // Cut inside a call's arguments: never run it with what arrived.
    const cutCall = cut ? assembler.unfinished()[0] : undefined;
    if (cut && cutCall !== undefined)
      throw new ProviderError('malformed-tool-call', openAiMessages.cutToolCall(cutCall, cut.contextFull), host, null, cut);
    const calls = assembler.calls();
    if (cut && calls.length === 0)
      throw new ProviderError(
        'ollama-error',
        openAiMessages.answerCut(host, cut.contextFull, numCtx, capabilities.contextLength),
        host,
        null,
        cut,
      );
    if (calls.length > 0) yield { type: 'tool-calls', calls };
    const end = now();
    const stepUsage: StepUsage = {
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
      evalDurationNs: Math.max(0, end - (firstToken ?? started)) * 1e6,
      totalDurationNs: Math.max(0, end - started) * 1e6,
      doneReason: finishReason,
      numCtx,
    };
    finished = true;
    yield { type: 'done', usage: stepUsage };
  } catch (error) {
    finished = true;
    const refused = phase === 'request' && !request.signal.aborted ? schemaFailure(deps, request.model, body, error) : null;
    if (refused?.kind === 'tools-refused') deps.onToolsRefused?.(request.model, capabilities);
    if (refused) throw refused;
    if (!request.signal.aborted && isSharedMemoryExhausted(error, body, numCtx)) throw new SharedMemoryExhausted(serverDetail(error));
    const failure = toOpenAiProviderError(error, { host, model: request.model, signal: request.signal, phase });
    if (error instanceof APIError && isBadHistoryToolCall(serverDetail(error)))
      deps.log?.(`${host}: the request's history was refused: ${serverDetail(error)}`);
    if (failure.kind === 'tools-refused') deps.onToolsRefused?.(request.model, capabilities);
    if (isContextLengthError(error)) throw await contextFailure(deps, request, numCtx, failure);
    throw failure;
  } finally {
    // The reader stopped early (break/return): close this stream's connection.
    if (!finished) stream?.controller.abort();
  }
}
