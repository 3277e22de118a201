import type { JsonObject } from '../../shared/contract/json';
import type { Replay } from '../replays/replay-types';

/** A model as `/v1/models` lists it, and whether it accepts `tools` (vLLM/llama.cpp answer 400 otherwise). */
export interface FakeOpenAiModel {
  id: string;
  tools: boolean;
  ownedBy?: string;
}

/** One request as the server received it; header names are lower case. */
export interface RecordedOpenAiRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: JsonObject | null;
}

/** A chat completions request as the fake reads it. */
export interface FakeOpenAiChatRequest {
  model: string;
  stream: boolean;
  messages: JsonObject[];
  tools: JsonObject[] | null;
  includeUsage: boolean;
  /** 1 for the first streamed (or the first non-streamed) call. */
  call: number;
}

export interface FakeToolCall {
  name: string;
  arguments: JsonObject;
}

/** How one call is answered. Streamed replies go out as SSE `data:` chunks ending in `data: [DONE]`. */
export type OpenAiReply =
  | {
      type: 'text';
      text: string;
      /** Sent first as `reasoning_content` deltas (vLLM, llama.cpp with --reasoning-format). */
      reasoning?: string;
      /** Characters per content delta (default 4). */
      pieceChars?: number;
      finishReason?: 'stop' | 'length';
      usage?: { promptTokens: number; completionTokens: number };
    }
  | {
      type: 'tool-calls';
      calls: FakeToolCall[];
      /** Text before the calls (some models say what they are about to do). */
      text?: string;
      /** Argument characters per delta (default 5): the JSON arrives in pieces. */
      pieceChars?: number;
    }
  /** An HTTP error with an OpenAI error body; `retryAfterSeconds` sets Retry-After. */
  | { type: 'http-error'; status: number; message: string; errorType?: string; code?: string | null; retryAfterSeconds?: number }
  /** The error vLLM and llama.cpp send when the prompt does not fit. */
  | { type: 'context-length' }
  /** Streams `text`, then a `data: {"error": ...}` chunk. */
  | { type: 'mid-stream-error'; text: string; message: string }
  /** Streams `text`, then waits until the client goes away (for Stop). */
  | { type: 'stall'; text: string }
  /** A real server's answer served byte for byte (test-support/replays/). */
  | { type: 'replay'; replay: Replay };

export type OpenAiReplySource = OpenAiReply | ((request: FakeOpenAiChatRequest) => OpenAiReply);

export interface OpenAiScenario {
  name: string;
  models: FakeOpenAiModel[];
  /** `replies[i]` answers streamed call i+1; after them, `whenExhausted` (default: HTTP 500 naming the scenario). */
  replies: OpenAiReplySource[];
  whenExhausted?: OpenAiReplySource;
  /** Non-streamed calls (side requests, the tool probe once it passed the `tools` check). */
  sideReply?: OpenAiReplySource;
  /**
   * Paths ("GET /props", no query) answered with a replay (llama.cpp `/props`, LM Studio
   * `/api/v0/models`, a 503 while loading); a function is asked at each request (`call` counts the
   * requests to that path from 1), for a server whose answer changes (loading, then loaded).
   */
  routes?: Readonly<Record<string, Replay | ((call: number) => Replay)>>;
  /** Milliseconds between streamed chunks (default 0). */
  delayMs?: number;
  /**
   * llama.cpp's parallel slots (`-np`): a chat request that finds all of them busy gets no headers
   * until one frees, and `GET /slots` answers as llama.cpp does (fake-slots.ts). Unset: no limit, no /slots.
   */
  slots?: number;
  /**
   * llama.cpp's slot context: a chat request longer than this by the fake's own count
   * (fake-context-window.ts) gets the real 400 `exceed_context_size_error`, and
   * `POST /v1/chat/completions/input_tokens` answers that count. Unset: no limit, no count route.
   */
  contextTokens?: number;
  /** llama.cpp serving one model (no router): a chat request naming any model is answered by it. */
  anyModelName?: boolean;
  /** The first this-many requests, to any route, get llama.cpp's 503 "Loading model" (it answers so while it loads). */
  loadingRequests?: number;
  /** `llama-cpp`: text and tool-call answers are streamed in llama.cpp's writes and key order (llama-cpp-framing.ts). */
  framing?: 'openai' | 'llama-cpp';
}
