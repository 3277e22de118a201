import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Replay } from './replay-types';

/*
 * llama.cpp 82bb48500a9a, captured from a running llama-server (CPU build, tiny random-weight
 * GGUF models: the text is gibberish, the HTTP, SSE framing, errors, slots and limits are the real
 * server's). The bytes are in `test-support/replays/llama-cpp/`, one file per capture, named as
 * captured; its README says which server flags produced each. `.raw` is the answer as received
 * (status line, headers, body); `.writes.json` is a streamed body, one string per server write.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.join(here, 'llama-cpp');

const captured = (name: string): string => `llama.cpp 82bb48500a9a, captured from a running llama-server (${name})`;

/** A whole (Content-Length) answer: status and Content-Type from the raw head, the body verbatim. */
function rawReplay(name: string): Replay {
  const raw = readFileSync(path.join(folder, `${name}.raw`), 'utf8');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).split('\r\n');
  const status = Number((head[0] ?? '').split(' ')[1]);
  const type = head
    .find((line) => line.toLowerCase().startsWith('content-type:'))
    ?.slice('content-type:'.length)
    .trim();
  return { origin: captured(name), status, headers: type ? { 'Content-Type': type } : {}, writes: [raw.slice(split + 4)] };
}

/** A streamed answer (HTTP 200, text/event-stream, chunked): one write per server write. */
function streamReplay(name: string): Replay {
  const writes = JSON.parse(readFileSync(path.join(folder, `${name}.writes.json`), 'utf8')) as string[];
  return { origin: captured(name), status: 200, headers: { 'Content-Type': 'text/event-stream' }, writes };
}

/** `/props` (`-m … --jinja -c 2048 -np 1`): `default_generation_settings.n_ctx` 2048, `total_slots`, `chat_template_caps`, `is_sleeping`. */
export const llamaCppPropsCaptured = rawReplay('props');

/** `/props` of a server started with `-c 8192` for a model trained at 4096: the slot is capped, `n_ctx` 4096. */
export const llamaCppPropsCapped4096 = rawReplay('props-c8192-ctxtrain4096');

/** `GET /slots` of the same server after a request ended: one slot, `is_processing` false, `id_task`, `next_token[0].n_decoded`. */
export const llamaCppSlotsCaptured = rawReplay('slots');

/** `/v1/models` of the same server: `aliases`, `tags`, `meta.n_ctx` (the slot, 2048) beside `meta.n_ctx_train` (4096). */
export const llamaCppModelsCaptured = rawReplay('models');

/** A tool parameter of `"type":"nonsense"`: HTTP 400 for the whole request, the refused sub-schema quoted. */
export const llamaCppToolSchemaUnrecognized = rawReplay('tools-bad-schema');

/** A streamed request of 3,630 tokens against a 2,048 slot: HTTP 400 `exceed_context_size_error` with `n_prompt_tokens`, `n_ctx`. */
export const llamaCppExceedContext = rawReplay('overflow-stream');

/** History with a tool call whose arguments are not JSON: HTTP 500 "Failed to parse tool call arguments as JSON" (the request's fault). */
export const llamaCppBadHistoryArguments = rawReplay('tools-second-turn-badargs');

/** An unknown path: 404 "File Not Found" (`not_found_error`). */
export const llamaCppUnknownPath = rawReplay('unknown-path');

/** `tools` to a server started with `--no-jinja`: HTTP 500 "tools param requires --jinja flag". */
export const llamaCppToolsNeedJinjaCaptured = rawReplay('nojinja-tools');

/** A body that is not JSON: HTTP 500 with the JSON parser's words. */
export const llamaCppMalformedJson = rawReplay('malformed-json');

/** No `max_tokens` and a long prompt: the answer fills the slot, `finish_reason: "length"`, usage, [DONE]. */
export const llamaCppContextFilledStream = streamReplay('ctx-fill-stream');

/** A tool call cut by `finish_reason: "length"` in the middle of its arguments. */
export const llamaCppCutMidArgumentsStream = streamReplay('tools-cut-mid-args-stream');

/** A streamed answer with usage: role chunk with `content: null`, `timings`, `prompt_tokens_details.cached_tokens`. */
export const llamaCppChatStreamUsage = streamReplay('chat-stream-usage');

/** The model ends its reply at once: role chunk, `finish_reason: "stop"`, usage `completion_tokens: 1` (llama.cpp counts the EOS). */
export const llamaCppEmptyReplyStream = streamReplay('tools-auto-seed1-stream');

interface SchemaCase {
  schema: Record<string, unknown>;
  status: number;
  message: string;
}

/** tool-schema-acceptance.json: 25 JSON-schema features as one tool's parameters, the status each got (eager-tools server). */
export const llamaCppToolSchemaAcceptance = JSON.parse(readFileSync(path.join(folder, 'tool-schema-acceptance.json'), 'utf8')) as Record<
  string,
  SchemaCase
>;

/**
 * An unanchored `pattern`: the same 400 as llamaCppToolSchemaUnrecognized (its status, type and
 * framing) with the message tool-schema-acceptance.json recorded for "pattern-unanchored".
 */
export const llamaCppToolSchemaUnanchoredPattern: Replay = {
  origin: `${captured('tool-schema-acceptance.json "pattern-unanchored"')}; body framing of tools-bad-schema`,
  status: 400,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: [
    JSON.stringify({
      error: { code: 400, message: llamaCppToolSchemaAcceptance['pattern-unanchored']?.message ?? '', type: 'invalid_request_error' },
    }),
  ],
};

/*
 * Reported, not captured byte for byte: the same server's answers as a run of llama.cpp
 * 82bb48500a9a (2026-11-25) quoted them, their words checked against that commit's source
 * (common/chat.cpp "The model produced output that does not match the expected " + format + " format";
 * tools/server/server-models.cpp "model '%s' not found", ERROR_TYPE_INVALID_REQUEST;
 * tools/server/server-context.cpp "Context size has been exceeded." when llama_decode returns 1).
 * Framing and key order follow the captures above (format_error_response: code, message, type).
 */
const reported = (what: string): string =>
  `llama.cpp 82bb48500a9a, as reported from a running llama-server (${what}), words as in its source; framing of the captures`;

const CONTEXT_SIZE_EXCEEDED_EVENT = 'data: {"error":{"code":500,"message":"Context size has been exceeded.","type":"server_error"}}\n\n';

/** The model's output did not match the template's tool-call grammar: HTTP 500 before anything streamed. */
export const llamaCppPegFormatFailure: Replay = {
  origin: reported('"The model produced output that does not match the expected peg-native format", HTTP 500'),
  status: 500,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: [
    '{"error":{"code":500,"message":"The model produced output that does not match the expected peg-native format","type":"server_error"}}',
  ],
};

/** Router mode (`--models-dir`): a model it does not have is HTTP 400, not a refusal of `tools`. */
export const llamaCppRouterUnknownModel: Replay = {
  origin: reported('router mode, --models-dir: "model \'nope\' not found", HTTP 400'),
  status: 400,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: ['{"error":{"code":400,"message":"model \'nope\' not found","type":"invalid_request_error"}}'],
};

/** Router mode with --no-models-autoload: a model it has but has not loaded is HTTP 400 "model is not loaded" (a retest's run through the CLI). */
export const llamaCppRouterModelNotLoaded: Replay = {
  origin: reported('router mode, --no-models-autoload: "model is not loaded", HTTP 400'),
  status: 400,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: ['{"error":{"code":400,"message":"model is not loaded","type":"invalid_request_error"}}'],
};

/** 4 slots sharing one KV cache, concurrent requests: HTTP 200, then the error event before any token, no [DONE]. */
export const llamaCppSharedMemoryExhausted: Replay = {
  origin: reported('default 4 slots, kv_unified, concurrent requests: "Context size has been exceeded." mid-stream'),
  status: 200,
  headers: { 'Content-Type': 'text/event-stream' },
  writes: [CONTEXT_SIZE_EXCEEDED_EVENT],
};

/** The same after the first tokens (the captured opening writes of chat-stream-usage), no [DONE]. */
export const llamaCppSharedMemoryExhaustedAfterText: Replay = {
  origin: reported('the same error after the opening writes of chat-stream-usage'),
  status: 200,
  headers: { 'Content-Type': 'text/event-stream' },
  writes: [...llamaCppChatStreamUsage.writes.slice(0, 2), CONTEXT_SIZE_EXCEEDED_EVENT],
};

/*
 * From source, not captured: no capture has these routes. llama.cpp 82bb48500a9a
 * tools/server/server.cpp (routes `POST /v1/chat/completions/input_tokens`, `POST /tokenize`) and
 * tools/server/server-context.cpp (`handle_count_tokens`: `{"input_tokens":N}` then `"object"`
 * added for OpenAI requests, nlohmann ordered_json so in that order; `post_tokenize`:
 * `{"tokens":[…]}`), as tools/server/tests/unit/test_chat_completion.py and test_tokenize.py call
 * them; status and content type as `res->ok` writes every captured JSON answer (props.raw).
 */
const fromSource = (what: string, file = 'tools/server/server-context.cpp'): string =>
  `llama.cpp 82bb48500a9a ${file} ${what} (from source, not captured); content type of the captures`;

/**
 * While the model loads, every endpoint but the web UI's assets answers this 503, without
 * Retry-After (tools/server/server-http.cpp, the server-state middleware: `{"error":{"message",
 * "type","code"}}` in that order, content type "application/json; charset=utf-8"). A run of that
 * version saw `/health` and `/v1/models` answer it too.
 */
export const llamaCppLoadingModel: Replay = {
  origin: fromSource('middleware: res.status = 503, "Loading model", "unavailable_error"', 'tools/server/server-http.cpp'),
  status: 503,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: ['{"error":{"message":"Loading model","type":"unavailable_error","code":503}}'],
};

/** `POST /v1/chat/completions/input_tokens` for the request: llama.cpp counted 2,621 tokens where TACO estimated 2,203. */
export const llamaCppInputTokens2621: Replay = {
  origin: fromSource('handle_count_tokens'),
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: ['{"input_tokens":2621,"object":"response.input_tokens"}'],
};

/** `POST /tokenize` `{"content":…}`: the token ids (2,621 of them; the ids themselves are not read). */
export const llamaCppTokenize2621: Replay = {
  origin: fromSource('post_tokenize'),
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  writes: [JSON.stringify({ tokens: Array.from({ length: 2621 }, (_, index) => 198 + (index % 4000)) })],
};
