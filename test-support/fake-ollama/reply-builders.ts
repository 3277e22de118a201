import type { JsonObject } from '../../shared/contract/json';
import type { FakeChatMessage, FakeChatRequest, Reply, ReplyChunk, ReplyCounts, ReplyEnding, ReplySource } from './scenario-types';

export interface ReplyOptions {
  /** Pause before each chunk after the first (ms). Default 0. */
  delayMs?: number;
  counts?: ReplyCounts;
  /** done_reason on the final chunk. Default "stop". */
  doneReason?: string;
}

/** Single chunks, for building replies by hand with `reply.chunks`. */
export const chunk = {
  content: (text: string): ReplyChunk => ({ type: 'content', text }),
  thinking: (text: string): ReplyChunk => ({ type: 'thinking', text }),
  toolCall: (name: string, args: JsonObject = {}): ReplyChunk => ({ type: 'tool-calls', calls: [{ name, arguments: args }] }),
  toolCalls: (calls: Array<{ name: string; arguments: JsonObject }>): ReplyChunk => ({ type: 'tool-calls', calls }),
};

/** Splits text into word-sized pieces that keep their trailing whitespace, like a model's tokens. */
export function splitIntoPieces(text: string): string[] {
  const pieces = text.match(/\S+\s*|\s+/g);
  return pieces ?? [];
}

function done(options: ReplyOptions | undefined): ReplyEnding {
  return { type: 'done', doneReason: options?.doneReason ?? 'stop', counts: options?.counts ?? {} };
}

function chunks(list: ReplyChunk[], options?: ReplyOptions): Reply {
  return { type: 'chunks', chunks: list, delayMs: options?.delayMs ?? 0, ending: done(options) };
}

const contentChunks = (text: string): ReplyChunk[] => splitIntoPieces(text).map(chunk.content);
const thinkingChunks = (text: string): ReplyChunk[] => splitIntoPieces(text).map(chunk.thinking);

/** Builders for scripted replies. Each returns plain data a scenario can list. */
export const reply = {
  chunks,

  /** A plain answer, streamed a word at a time. */
  text: (text: string, options?: ReplyOptions): Reply => chunks(contentChunks(text), options),

  /** Thinking pieces, then the answer. */
  thinking: (thought: string, answer: string, options?: ReplyOptions): Reply =>
    chunks([...thinkingChunks(thought), ...contentChunks(answer)], options),

  /** One tool call, optionally after some thinking and/or text. */
  toolCall: (name: string, args: JsonObject = {}, options?: ReplyOptions & { text?: string; thinking?: string }): Reply =>
    chunks([...thinkingChunks(options?.thinking ?? ''), ...contentChunks(options?.text ?? ''), chunk.toolCall(name, args)], options),

  /** Several tool calls in one chunk (a model asking for parallel calls). */
  toolCalls: (calls: Array<{ name: string; arguments: JsonObject }>, options?: ReplyOptions): Reply =>
    chunks([chunk.toolCalls(calls)], options),

  /** An HTTP error before any chunk: `{"error": message}` with this status. */
  httpError: (status: number, message: string): Reply => ({ type: 'http-error', status, message }),

  /** Some chunks, then a `{"error": ...}` line. */
  midStreamError: (message: string, before: ReplyChunk[] = [], options?: ReplyOptions): Reply => ({
    type: 'chunks',
    chunks: before,
    delayMs: options?.delayMs ?? 0,
    ending: { type: 'error-line', message },
  }),

  /** Some chunks, then the connection closes without `done`. */
  truncated: (before: ReplyChunk[], options?: ReplyOptions & { abrupt?: boolean }): Reply => ({
    type: 'chunks',
    chunks: before,
    delayMs: options?.delayMs ?? 0,
    ending: { type: 'close', abrupt: options?.abrupt ?? false },
  }),

  /** Some chunks, then nothing, until the client gives up. */
  stall: (before: ReplyChunk[] = [], options?: ReplyOptions): Reply => ({
    type: 'chunks',
    chunks: before,
    delayMs: options?.delayMs ?? 0,
    ending: { type: 'stall' },
  }),

  /** Answers by repeating the last user message: "You said: ...". */
  echo:
    (prefix = 'You said: ', options?: ReplyOptions): ReplySource =>
    (request: FakeChatRequest) =>
      chunks(contentChunks(`${prefix}${lastUserText(request)}`), options),
};

/** The text of the last user message of a request ("" when there is none). */
export function lastUserText(request: FakeChatRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i -= 1) {
    const message = request.messages[i];
    // The tool stack's context goes last as a user message (prompt-tail.ts): not the user's words.
    if (message?.role === 'user' && !isStackContext(message)) return message.content;
  }
  return '';
}

/** How the tool stack's context message starts (electron/services/orchestration/context-prompt.ts). */
const STACK_CONTEXT_HEADING = 'Current tool context:';

/** The tool stack's context, which TACO sends last as a user message (prompt-tail.ts): not the user's words. */
export function isStackContext(message: FakeChatMessage): boolean {
  return message.role === 'user' && message.content.startsWith(STACK_CONTEXT_HEADING);
}

/** The system prompt of a request ("" when there is none). */
export function systemText(request: FakeChatRequest): string {
  return request.messages.find((message) => message.role === 'system')?.content ?? '';
}

/** Tool results the request carries, oldest first (messages with role "tool"). */
export function toolResults(request: FakeChatRequest): Array<{ toolName: string | null; content: string }> {
  return request.messages
    .filter((message) => message.role === 'tool')
    .map((message) => ({ toolName: message.tool_name ?? null, content: message.content }));
}
