import type { ServerResponse } from 'node:http';
import type { JsonObject } from '../../shared/contract/json';
import { sendOpenAiJson } from './sse-replies';
import { serveReplay } from '../replays/replay-types';
import { llamaCppToolSchemaUnanchoredPattern } from '../replays/llama-cpp-replays';

/** Characters of a request's JSON per token as the fake counts them (llama.cpp's tokenizer with its template counted ~3.4). */
export const FAKE_CHARS_PER_TOKEN = 3;

/**
 * The fake's own count of a chat request's prompt tokens: its messages and tools as JSON, a token
 * per `FAKE_CHARS_PER_TOKEN` characters. Deliberately not TACO's estimate, so only a client that
 * asks the server (`/v1/chat/completions/input_tokens`) or leaves room gets its request through.
 */
export function fakePromptTokens(body: JsonObject): number {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const chars = JSON.stringify(body.messages ?? []).length + (tools.length > 0 ? JSON.stringify(tools).length : 0);
  return Math.ceil(chars / FAKE_CHARS_PER_TOKEN);
}

/** Whether a tool's schema has a `pattern` llama.cpp cannot compile into its grammar (not anchored with ^…$). */
function hasUnanchoredPattern(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasUnanchoredPattern);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, child]) =>
      (key === 'pattern' && typeof child === 'string' && !(child.startsWith('^') && child.endsWith('$'))) || hasUnanchoredPattern(child),
  );
}

/**
 * llama.cpp compiles the tools' schemas before it counts or answers: one with an unanchored
 * pattern gets the real 400 (tool-schema-acceptance.json "pattern-unanchored"). True when it answered.
 */
export function refuseUncompilableTools(response: ServerResponse, body: JsonObject): boolean {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  if (!tools.some((tool) => hasUnanchoredPattern((tool as { function?: { parameters?: unknown } }).function?.parameters))) return false;
  serveReplay(response, llamaCppToolSchemaUnanchoredPattern);
  return true;
}

/** llama.cpp's `POST /v1/chat/completions/input_tokens` answer. */
export function answerInputTokens(response: ServerResponse, body: JsonObject | null): void {
  if (body === null || !Array.isArray(body.messages)) {
    return sendOpenAiJson(response, 400, { error: { code: 400, message: "'messages' is required", type: 'invalid_request_error' } });
  }
  if (refuseUncompilableTools(response, body)) return;
  sendOpenAiJson(response, 200, { input_tokens: fakePromptTokens(body), object: 'response.input_tokens' }, { Server: 'llama.cpp' });
}

/**
 * llama.cpp's refusal of a prompt longer than the slot's context, byte for byte as a real
 * llama-server sends it (test-support/replays/llama-cpp/overflow-stream.raw), with this request's
 * numbers. Answers and returns true when the request does not fit `contextTokens`.
 */
export function refuseOversized(response: ServerResponse, body: JsonObject, contextTokens: number): boolean {
  const tokens = fakePromptTokens(body);
  if (tokens <= contextTokens) return false;
  sendOpenAiJson(
    response,
    400,
    {
      error: {
        code: 400,
        message: `request (${tokens} tokens) exceeds the available context size (${contextTokens} tokens), try increasing it`,
        type: 'exceed_context_size_error',
        n_prompt_tokens: tokens,
        n_ctx: contextTokens,
      },
    },
    { Server: 'llama.cpp' },
  );
  return true;
}
