import type { ModelCapabilities, ModelInfo } from '../../../shared/models/models';
import type { JsonObject } from '../../../shared/contract/json';
import type { ToolDefinition } from '../../../shared/tools/tool-definition';

export type { ToolDefinition };

/** A message as Ollama's /api/chat takes it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  thinking?: string;
  tool_calls?: ProviderToolCall[];
  /** On role "tool": which tool produced this result. */
  tool_name?: string;
  /** Base64 images for vision models. */
  images?: string[];
}

export interface ProviderToolCall {
  /**
   * The server's id for the call, sent back unchanged with the history (vLLM with a Mistral
   * tokenizer accepts only its own 9-alphanumeric ids and answers 400 to any other).
   */
  id?: string;
  function: { name: string; arguments: JsonObject };
}

/** A conversation's own model parameters (conversation.setOptions), sent with each step; absent ones are not sent. */
export interface ModelOptions {
  /** Per-conversation num_ctx: sent as it is instead of the one worked out from the model and the settings. */
  numCtx?: number;
  /** Ollama `options.temperature`; the model's own default when absent. */
  temperature?: number;
  /** Ollama `keep_alive` ("5m", "1h", "0", or seconds); Ollama's default when absent. */
  keepAlive?: string | number;
  /** Thinking for this step on a thinking model: false turns it off (the model's tuned setting); absent: on. */
  think?: boolean;
}

/** One streamed step. */
export interface ChatStepRequest extends ModelOptions {
  model: string;
  messages: ChatMessage[];
  /** Never sent to a model without the `tools` capability (the provider strips them). */
  tools?: ToolDefinition[];
  /**
   * A JSON schema the reply must follow (the constrained prompt-based format): Ollama's `format`,
   * OpenAI's `response_format` json_schema. A server may ignore it; the reader notices.
   */
  format?: JsonObject;
  signal: AbortSignal;
}

/** What one streamed step yields, in order. The stream ends after exactly one `done`. */
export type ProviderChunk =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'tool-calls'; calls: ProviderToolCall[] }
  /** The server is up but every slot is answering other requests: the step waits for one (said as status, not as an error). */
  | { type: 'waiting'; text: string }
  | { type: 'done'; usage: StepUsage };

export interface StepUsage {
  promptTokens: number;
  completionTokens: number;
  /** Nanoseconds, as Ollama reports them. */
  evalDurationNs: number;
  totalDurationNs: number;
  doneReason: string | null;
  /** num_ctx the request was sent with. */
  numCtx: number;
}

export interface CompleteRequest {
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  signal: AbortSignal;
  /**
   * The conversation's num_ctx when the caller knows it. Without it the provider sends the num_ctx
   * of this model's last step (Ollama reloads the model on any other value, server/sched.go).
   */
  numCtx?: number;
}

/** Ollama /api/embed: one vector per input text, in order. */
export interface EmbedRequest {
  model: string;
  input: string[];
  signal: AbortSignal;
}

/** The one way main talks to a model. Implemented over the `ollama` package; scripted in tests. */
export interface ChatProvider {
  readonly host: string;
  /** The address of the server a model reference goes to (a router over several servers); absent: `host`. */
  hostOf?(model: string): string;
  listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
  /** Cached per model after the first /api/show. */
  capabilities(model: string, signal?: AbortSignal): Promise<ModelCapabilities>;
  /** Streams one step. Throws ProviderError for anything that is not a clean `done`. */
  streamChat(request: ChatStepRequest): AsyncIterable<ProviderChunk>;
  /**
   * A short non-streaming side request (status sentences, titles, context-switch checks, workflow
   * parameters): no thinking, the same num_ctx as the model's steps. Throws when the answer has
   * no content (a thinking-only or empty reply), so every caller falls back as on a failure.
   */
  complete(request: CompleteRequest): Promise<string>;
  /** Embeddings (tool ranking when the user set an embedding model); absent on providers that have none. */
  embed?(request: EmbedRequest): Promise<number[][]>;
  /**
   * The server's own count of the tokens a request's prompt takes (llama.cpp's tokenizer), or null
   * when this server cannot count them; absent on providers that never can. Never throws.
   */
  countPromptTokens?(request: TokenCountRequest): Promise<number | null>;
}

/** A step's request as the server would tokenize it (no reply is generated). */
export interface TokenCountRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  signal: AbortSignal;
}

export type ProviderErrorKind =
  /** Nothing listens at the host (connection refused, DNS, timeout on connect). */
  | 'unreachable'
  /** The model is not installed. */
  | 'model-not-found'
  /** Ollama answered with an HTTP error or a mid-stream {"error": ...} line. */
  | 'ollama-error'
  /**
   * The server could not read the tool call the model wrote and said so (Ollama's parser errors, as
   * a mid-stream line or an HTTP 500): the loop tells the model once and lets it try again.
   */
  | 'malformed-tool-call'
  /**
   * The server refused the request because it carried `tools` (no tool support for this model,
   * llama.cpp without --jinja, vLLM without a tool parser): the provider remembers the model as
   * tool-less and the loop goes on once in the prompt-based tool format.
   */
  | 'tools-refused'
  /** The stream ended without its `done` chunk. */
  | 'incomplete-stream'
  /**
   * The server said the prompt does not fit, and its context read again is smaller than the one
   * the step was planned with (a server restarted with a smaller `-c`): `detail` has the new
   * size; the loop fits the conversation to it and tries once more.
   */
  | 'context-changed'
  /**
   * The server could not compile the parameters of some tools (llama.cpp: "Unable to generate
   * parser for this template…"): `detail` names them; the provider remembers them per model and
   * sends them sanitised or not at all from now on, and the loop goes on once.
   */
  | 'tool-schema-refused'
  /** The caller aborted. */
  | 'aborted';

/** What a recoverable failure carries for the loop. */
export type ProviderErrorDetail =
  | { type: 'context'; contextTokens: number }
  | { type: 'tool-schemas'; tools: { name: string; action: 'sanitised' | 'dropped' }[] }
  /** The reply stopped at `finish_reason: "length"`; `contextFull` when prompt plus reply filled the context. */
  | { type: 'cut'; contextFull: boolean; promptTokens: number; completionTokens: number };

/** A provider failure with words for the user: what happened and what to do. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly host: string,
    readonly status: number | null = null,
    readonly detail: ProviderErrorDetail | null = null,
  ) {
    super(message);
  }
}
