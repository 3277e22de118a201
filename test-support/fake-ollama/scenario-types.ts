import type { PromptEvaluation } from './prompt-cache';
import type { JsonObject } from '../../shared/contract/json';
import type { Replay } from '../replays/replay-types';

/** Capability names as Ollama reports them in /api/tags and /api/show. */
export type FakeCapability = 'completion' | 'tools' | 'thinking' | 'vision' | 'embedding' | 'insert';

/** A model the fake server lists, describes and chats as. */
export interface FakeModel {
  name: string;
  capabilities: FakeCapability[];
  /** model_info "<arch>.context_length"; null leaves the key out (the provider must fall back). */
  contextLength: number | null;
  /** details.family; also the model_info key prefix unless `arch` is set. Default "llama". */
  family?: string;
  arch?: string;
  parameterSize?: string;
  quantization?: string;
  sizeBytes?: number;
  /**
   * Listed by /api/tags, yet /api/show and /api/chat answer 404 as if it had been removed since the
   * list was read. Any name that is not listed at all is "not found" too.
   */
  missing?: boolean;
  /** In memory (listed by /api/ps): bytes on the GPU (`size_vram`) and the runner's context. */
  loaded?: { vramBytes: number; contextLength?: number };
}

/** One piece of a streamed reply. */
export type ReplyChunk =
  | { type: 'content'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'tool-calls'; calls: Array<{ name: string; arguments: JsonObject }> };

/** Numbers on the final `done` chunk. Unset fields get deterministic defaults. */
export interface ReplyCounts {
  /** 'num_ctx': exactly the request's options.num_ctx (the prompt filled the window, as Ollama reports after cutting it). */
  promptEvalCount?: number | 'num_ctx';
  promptEvalDurationNs?: number;
  evalCount?: number;
  evalDurationNs?: number;
  loadDurationNs?: number;
  totalDurationNs?: number;
}

/** How a streamed reply ends after its chunks. */
export type ReplyEnding =
  /** The normal final chunk, `done: true`. */
  | { type: 'done'; doneReason: string; counts: ReplyCounts }
  /** A `{"error": "..."}` line, as Ollama sends when a runner fails mid-answer. */
  | { type: 'error-line'; message: string }
  /** The connection closes without a `done` chunk: `abrupt` resets the socket, else the body just ends. */
  | { type: 'close'; abrupt: boolean }
  /** Nothing more is ever sent; the request hangs until the client aborts. */
  | { type: 'stall' };

export type Reply =
  | { type: 'chunks'; chunks: ReplyChunk[]; /** Pause before each chunk after the first. */ delayMs: number; ending: ReplyEnding }
  /** Answered before any chunk: an HTTP status with `{"error": message}`. */
  | { type: 'http-error'; status: number; message: string }
  /** A real server's answer served byte for byte (test-support/replays/). */
  | { type: 'replay'; replay: Replay };

/** What a reply function sees of an /api/chat request (already validated by the server). */
export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  stream: boolean;
  tools: unknown[] | null;
  think: unknown;
  options: JsonObject;
  /** The parsed body exactly as sent. */
  body: JsonObject;
  /** 1-based index of this call among streamed calls (or among side calls, for a side rule). */
  call: number;
  /** With `promptCache` on: how the server's prompt cache and scheduler accounted this request (prompt-cache.ts). */
  evaluated?: PromptEvaluation;
}

export interface FakeChatMessage {
  role: string;
  content: string;
  thinking?: string;
  tool_name?: string;
  tool_calls?: unknown[];
  /** Base64 images (vision models). */
  images?: string[];
}

export type ReplySource = Reply | ((request: FakeChatRequest) => Reply);

/** A rule for non-streaming requests (`stream: false`), e.g. status sentences. */
export interface SideRule {
  when: (request: FakeChatRequest) => boolean;
  reply: ReplySource;
}

export interface PullScript {
  /** Progress lines per layer before `success`. Default 4. */
  steps?: number;
  delayMs?: number;
  /** Total bytes of the one layer. Default: the pulled model's size. */
  totalBytes?: number;
  /** Ends the pull with `{"error": ...}` instead of success. */
  failWith?: string;
  /** The model that appears in /api/tags after a successful pull. */
  model?: (name: string) => FakeModel;
}

/** How POST /api/embed answers (deterministic hashed bag-of-words vectors unless it fails). */
export interface EmbedScript {
  /** Every /api/embed call fails with this HTTP status and `{"error": message}`. */
  error?: { status: number; message: string };
}

/** A scripted Ollama: what it lists and how it answers. Data, so new scripts need no server change. */
export interface Scenario {
  name: string;
  description: string;
  models: FakeModel[];
  /** Streamed /api/chat calls: call 1 gets replies[0], call 2 replies[1], ... */
  replies: ReplySource[];
  /** After the scripted replies run out. Default: HTTP 500 naming the scenario and the call. */
  whenExhausted?: ReplySource;
  /** Non-streaming /api/chat calls: the first rule that matches answers. */
  sideRules?: SideRule[];
  /** Non-streaming calls no rule matches. Default: a short fixed sentence. */
  sideDefault?: ReplySource;
  pull?: PullScript;
  /** POST /api/embed (models with the `embedding` capability). */
  embed?: EmbedScript;
  /** GET /api/version. Default "0.12.0". */
  version?: string;
}

/** Every request the fake server received, for assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Parsed JSON body, or null when there was none (or it was not JSON). */
  body: JsonObject | null;
  /** Request headers, names in lower case. */
  headers?: Record<string, string>;
}
