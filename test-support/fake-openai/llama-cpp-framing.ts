import type { JsonObject } from '../../shared/contract/json';
import type { FakeOpenAiChatRequest, FakeToolCall } from './scenario-types';

/*
 * A streamed answer framed as llama.cpp 82bb48500a9a writes it (captured from a running
 * llama-server: chat-stream-usage, chat-stream-nousage, tools-auto-seed10-stream `.writes.json`):
 * every chunk `{"choices":[{"finish_reason","index","delta"}],"created","id","model",
 * "system_fingerprint","object"}` in that key order; the role chunk (`content: null`) goes out in the
 * same write as the first token; a tool call's first delta carries its 32-alphanumeric id, its name
 * and `"{"`, the rest of the arguments follow in small pieces; the finish chunk and the usage chunk
 * (`prompt_tokens_details.cached_tokens`, `timings`) share one write, or without include_usage the
 * finish chunk carries the `timings`; `data: [DONE]` is a write of its own.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 alphanumerics, as llama.cpp's completion and tool-call ids (deterministic per seed, for tests). */
export function llamaCppId(seed: number): string {
  let state = seed * 2654435761 + 1;
  let out = '';
  for (let index = 0; index < 32; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += ALNUM[state % ALNUM.length];
  }
  return out;
}

export type LlamaCppStreamed =
  | {
      type: 'text';
      text: string;
      pieceChars: number;
      finishReason: 'stop' | 'length';
      usage: { promptTokens: number; completionTokens: number };
    }
  | {
      type: 'tool-calls';
      calls: FakeToolCall[];
      text?: string;
      pieceChars: number;
      usage: { promptTokens: number; completionTokens: number };
    };

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

/** The writes of one streamed answer, in order. */
export function llamaCppWrites(request: FakeOpenAiChatRequest, answer: LlamaCppStreamed): string[] {
  const id = `chatcmpl-${llamaCppId(request.call)}`;
  const created = 1_795_627_349;
  const chunk = (delta: JsonObject, finish: string | null, extra: JsonObject = {}): string =>
    `data: ${JSON.stringify({
      choices: [{ finish_reason: finish, index: 0, delta }],
      created,
      id,
      model: request.model,
      system_fingerprint: 'b0-unknown',
      object: 'chat.completion.chunk',
      ...extra,
    })}\n\n`;
  const deltas: JsonObject[] = [];
  if (answer.text) for (const piece of pieces(answer.text, answer.pieceChars)) deltas.push({ content: piece });
  if (answer.type === 'tool-calls') {
    answer.calls.forEach((call, index) => {
      const args = JSON.stringify(call.arguments);
      deltas.push({
        tool_calls: [
          {
            index,
            id: llamaCppId(request.call * 100 + index),
            type: 'function',
            function: { name: call.name, arguments: args.slice(0, 1) },
          },
        ],
      });
      for (const piece of pieces(args.slice(1), answer.pieceChars))
        deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
    });
  }
  const role = chunk({ role: 'assistant', content: null }, null);
  const writes = deltas.map((delta) => chunk(delta, null));
  if (writes.length > 0) writes[0] = role + writes[0];
  else writes.push(role);
  const { promptTokens, completionTokens } = answer.usage;
  const timings = {
    cache_n: 0,
    prompt_n: promptTokens,
    prompt_ms: 2.011,
    prompt_per_token_ms: 2.011 / Math.max(1, promptTokens),
    prompt_per_second: (promptTokens / 2.011) * 1000,
    predicted_n: completionTokens,
    predicted_ms: 15.25,
    predicted_per_token_ms: 15.25 / Math.max(1, completionTokens),
    predicted_per_second: (completionTokens / 15.25) * 1000,
  };
  const finish = answer.type === 'tool-calls' ? 'tool_calls' : answer.finishReason;
  if (request.includeUsage) {
    const usage = {
      completion_tokens: completionTokens,
      prompt_tokens: promptTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0 },
    };
    const last = `data: ${JSON.stringify({ choices: [], created, id, model: request.model, system_fingerprint: 'b0-unknown', object: 'chat.completion.chunk', usage, timings })}\n\n`;
    writes.push(chunk({}, finish) + last);
  } else writes.push(chunk({}, finish, { timings }));
  writes.push('data: [DONE]\n\n');
  return writes;
}
