import { APIError } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { DEFAULTS } from '../../../../../shared/constants';
import { ProviderError, type ProviderChunk } from '../../provider-types';
import { serverDetail } from '../openai-errors';
import { openAiMessages } from '../openai-messages';
import { waitFor } from '../retry-after';

/**
 * llama.cpp's words when a slot finds no room in the KV cache while it works (HTTP 200, then
 * `data: {"error":{"code":500,"message":"Context size has been exceeded.",…}}` and no [DONE]).
 * With the default 4 slots sharing one cache (`kv_unified`), concurrent requests exhaust it
 * although each one alone fits; a prompt too big for the slot is refused before any stream with
 * HTTP 400 `exceed_context_size_error` instead.
 */
const CONTEXT_SIZE_EXCEEDED = /context size has been exceeded/i;

/** Thrown by one attempt for the retry around it; never reaches the loop. */
export class SharedMemoryExhausted extends Error {
  override readonly name = 'SharedMemoryExhausted';
}

/** The server ran out of shared KV memory, not the prompt out of the slot: the words, from a stream or a 500, and a prompt that fits. */
export function isSharedMemoryExhausted(error: unknown, body: ChatCompletionCreateParamsStreaming, slotTokens: number): error is APIError {
  if (!(error instanceof APIError) || (error.status !== undefined && error.status !== 500)) return false;
  if (!CONTEXT_SIZE_EXCEEDED.test(serverDetail(error))) return false;
  // The prompt's own size against the slot (the JSON of messages and tools: an overestimate).
  const promptTokens = JSON.stringify([body.messages, body.tools ?? []]).length / DEFAULTS.agent.charsPerToken;
  return promptTokens <= slotTokens;
}

/**
 * Runs a step again after each of DEFAULTS.servers.sharedMemoryRetryDelaysMs while the server
 * runs out of shared memory; then says so — never "the conversation does not fit". A step that
 * showed text already is continued, not begun again: the retry carries that text as the reply's
 * start (`prefill`, sent as a last assistant message, which llama.cpp continues), so what was shown
 * stays and only the rest streams. A step that handed over tool calls is not tried again.
 */
export async function* retryOnSharedMemory(
  host: string,
  signal: AbortSignal,
  attempt: (prefill: string) => AsyncGenerator<ProviderChunk, void, undefined>,
): AsyncGenerator<ProviderChunk, void, undefined> {
  const delays = DEFAULTS.servers.sharedMemoryRetryDelaysMs;
  let shown = '';
  let called = false;
  for (let index = 0; ; index += 1) {
    try {
      for await (const chunk of attempt(shown)) {
        if (chunk.type === 'text') shown += chunk.text;
        if (chunk.type === 'tool-calls') called = true;
        yield chunk;
      }
      return;
    } catch (error) {
      if (!(error instanceof SharedMemoryExhausted)) throw error;
      const delay = delays[index];
      if (called || delay === undefined) throw new ProviderError('ollama-error', openAiMessages.sharedMemory(host, index), host, 500);
      try {
        await waitFor(delay, signal);
      } catch {
        throw new ProviderError('aborted', openAiMessages.aborted(), host);
      }
    }
  }
}
