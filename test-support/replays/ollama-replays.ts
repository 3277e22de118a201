import { ndjsonLines, type Replay } from './replay-types';

/*
 * What a real Ollama sends on /api/chat, byte for byte. Read from ollama/ollama at v0.33.0-rc2
 * (commit fb30760996871fa9460115c753afd2c60d4ab0f7) unless a replay says otherwise:
 * - lines are json.Marshal(api.ChatResponse) + "\n" (server/routes.go streamResponse): field order
 *   model, created_at, message, done, done_reason, then the metrics, zero values left out
 *   (api/types.go ChatResponse, Message, Metrics, ToolCall: `omitempty`);
 * - an error before anything was written is the HTTP status with {"error": …} via gin's c.JSON
 *   (no newline, "application/json; charset=utf-8"); after the first line it is one more line
 *   {"error": …}\n on the open 200 stream (server/routes.go streamResponse).
 */

const VERSION = 'ollama v0.33.0-rc2 (fb30760)';
const NDJSON = { 'Content-Type': 'application/x-ndjson' } as const;
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' } as const;

function errorReply(status: number, message: string, source: string): Replay {
  return { origin: `${VERSION} ${source}`, status, headers: JSON_TYPE, writes: [JSON.stringify({ error: message })] };
}

/**
 * qwen3 wrote a tool call whose JSON Go cannot read, after thinking had streamed: the builtin
 * parser's error (model/parsers/qwen3.go parseQwen3ToolCall "failed to parse JSON: %w") becomes a
 * mid-stream error line (server/routes.go: parserErr → ch <- gin.H{"error": …}).
 */
export const qwen3MalformedCallMidStream: Replay = {
  origin: `${VERSION} model/parsers/qwen3.go parseQwen3ToolCall + server/routes.go streamResponse`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"qwen3:8b","created_at":"2026-08-21T10:00:00.101204512Z","message":{"role":"assistant","content":"","thinking":"I should read the file first."},"done":false}',
    '{"error":"failed to parse JSON: invalid character \'p\' looking for beginning of object key string"}',
  ]),
};

/** The same failure before any line was written (think off, the call was the whole answer): HTTP 500. */
export const qwen3MalformedCallHttp500: Replay = errorReply(
  500,
  'failed to parse JSON: unexpected end of JSON input',
  'model/parsers/qwen3.go parseQwen3ToolCall + server/routes.go streamResponse (nothing written yet)',
);

/**
 * gpt-oss (harmony) parses its one tool call when the answer is done; broken arguments end the
 * stream with harmony/harmonyparser.go's "error parsing tool call: raw='%s', err=%w".
 */
export const harmonyMalformedCall: Replay = {
  origin: `${VERSION} harmony/harmonyparser.go HarmonyMessageHandler.Add + server/routes.go streamResponse`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"gpt-oss:20b","created_at":"2026-08-21T10:00:01.220000000Z","message":{"role":"assistant","content":"","thinking":"User wants the file. Call read_file."},"done":false}',
    '{"error":"error parsing tool call: raw=\'{\\"path\\":\\"a.txt\\"\', err=unexpected end of JSON input"}',
  ]),
};

/**
 * A tag-based model (tools/tools.go Parser) wrote `<tool_call>` for a tool that was not offered:
 * findTool finds nothing, Content() returns "" once a tag was seen, so the step ends empty with
 * eval_count > 0 and nothing says why.
 */
export const silentEmptyStep: Replay = {
  origin: `${VERSION} tools/tools.go Parser.Add/Content + server/routes.go ChatHandler`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"qwen2.5:7b","created_at":"2026-08-21T10:00:02.300000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":912345678,"load_duration":21345678,"prompt_eval_count":412,"prompt_eval_duration":301234567,"eval_count":38,"eval_duration":580123456}',
  ]),
};

/**
 * A 20-token side request without `think` to a thinking model: since 0.12.4 ChatHandler sets
 * think=true when the model has the thinking capability (server/routes.go "if req.Think == nil"),
 * so the budget goes to thinking and content is empty (stream:false, writeChatResponse → c.JSON).
 */
export const thinkingOnlySideReply: Replay = {
  origin: `${VERSION} server/routes.go ChatHandler (req.Think == nil → true) + writeChatResponse`,
  status: 200,
  headers: JSON_TYPE,
  writes: [
    '{"model":"qwen3:8b","created_at":"2026-08-21T10:00:03.400000000Z","message":{"role":"assistant","content":"","thinking":"Okay, the user wants one short sentence saying that I am reading"},"done":true,"done_reason":"length","total_duration":801234567,"load_duration":19876543,"prompt_eval_count":58,"prompt_eval_duration":90123456,"eval_count":20,"eval_duration":650123456}',
  ],
};

/** The context is full and the runner may not shift it (llm/llama_server.go, ContextShift off): HTTP 400. */
export const promptLongerThanContext: Replay = errorReply(
  400,
  'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length',
  'llm/llama_server.go completionPrompt',
);

/** keep_alive "300" is not a Go duration: api/types.go Duration.UnmarshalJSON → time.ParseDuration, ShouldBindJSON → 400. */
export const keepAliveMissingUnit: Replay = errorReply(
  400,
  'time: missing unit in duration "300"',
  'api/types.go Duration.UnmarshalJSON + server/routes.go ChatHandler ShouldBindJSON',
);

/** `tools` to a model without the capability (server/images.go CheckCapabilities, scheduleRunner "%s %w"). */
export const toolsNotSupported: Replay = errorReply(
  400,
  'registry.ollama.ai/library/gemma2:2b does not support tools',
  'server/images.go CheckCapabilities + server/routes.go handleScheduleError',
);

/**
 * An over-long prompt cut by the runner: llm/llama_server.go contextShiftPromptLimit(num_ctx,
 * num_keep) = num_ctx − max((num_ctx − num_keep)/2, 1), with num_keep + 1 when the tokenizer adds
 * BOS (llm/llama_server_test.go TestContextShiftPromptLimit: 4096, keep 5 → 2051).
 */
export const promptCutByRunner: Replay = {
  origin: `${VERSION} llm/llama_server.go contextShiftPromptLimit, llm/llama_server_test.go (4096, 5 → 2051)`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"llama3.2:3b","created_at":"2026-08-21T10:00:04.500000000Z","message":{"role":"assistant","content":"Done."},"done":false}',
    '{"model":"llama3.2:3b","created_at":"2026-08-21T10:00:04.600000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":3012345678,"load_duration":20123456,"prompt_eval_count":2051,"prompt_eval_duration":2501234567,"eval_count":2,"eval_duration":40123456}',
  ]),
};

/**
 * Ollama before 0.9 (and qwen3 / deepseek-r1 pulled before their thinking templates) leaves the
 * reasoning in `content` as <think>…</think> (server/routes.go filterThinkTags exists for these).
 */
export const thinkTagsInContent: Replay = {
  origin: 'ollama v0.8.0 (no thinking parser; qwen3 template emits <think> into content) — see server/routes.go filterThinkTags',
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"qwen3:8b","created_at":"2026-05-01T10:00:00.000000000Z","message":{"role":"assistant","content":"\\u003cthink\\u003e"},"done":false}',
    '{"model":"qwen3:8b","created_at":"2026-05-01T10:00:00.050000000Z","message":{"role":"assistant","content":"The user greets me."},"done":false}',
    '{"model":"qwen3:8b","created_at":"2026-05-01T10:00:00.100000000Z","message":{"role":"assistant","content":"\\u003c/think\\u003e\\n\\n"},"done":false}',
    '{"model":"qwen3:8b","created_at":"2026-05-01T10:00:00.150000000Z","message":{"role":"assistant","content":"Hello!"},"done":false}',
    '{"model":"qwen3:8b","created_at":"2026-05-01T10:00:00.200000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":400000000,"load_duration":10000000,"prompt_eval_count":12,"prompt_eval_duration":50000000,"eval_count":14,"eval_duration":300000000}',
  ]),
};

/**
 * No `tools` were sent (the summary step, prompt mode), so no parser runs and a hermes-style call
 * reaches `content` as the model wrote it (Go escapes < and > as \u003c \u003e).
 */
export const toolCallTagInContent: Replay = {
  origin: `${VERSION} server/routes.go ChatHandler (toolParser only when len(req.Tools) > 0)`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"qwen2.5:7b","created_at":"2026-08-21T10:00:05.000000000Z","message":{"role":"assistant","content":"\\u003ctool_call\\u003e\\n{\\"name\\": \\"read_file\\", \\"arguments\\": {\\"path\\": \\"a.txt\\"}}\\n\\u003c/tool_call\\u003e"},"done":false}',
    '{"model":"qwen2.5:7b","created_at":"2026-08-21T10:00:05.100000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":500000000,"load_duration":10000000,"prompt_eval_count":300,"prompt_eval_duration":100000000,"eval_count":25,"eval_duration":300000000}',
  ]),
};

/**
 * Two calls in one message with ids and function.index (server/routes.go toolCallId "call_" + 8
 * of [a-z0-9]; api/types.go ToolCallFunction.Index), on a line of their own before done.
 */
export const parallelToolCalls: Replay = {
  origin: `${VERSION} server/routes.go toolCallId + api/types.go ToolCall`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"qwen3:8b","created_at":"2026-08-21T10:00:06.000000000Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_k3v9x0qa","function":{"index":0,"name":"read_file","arguments":{"path":"a.txt"}}},{"id":"call_7hd2m1zp","function":{"index":1,"name":"read_file","arguments":{"path":"b.txt"}}}]},"done":false}',
    '{"model":"qwen3:8b","created_at":"2026-08-21T10:00:06.100000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":700000000,"load_duration":10000000,"prompt_eval_count":350,"prompt_eval_duration":100000000,"eval_count":40,"eval_duration":500000000}',
  ]),
};

/**
 * An older Ollama (or anything gin serves) without the route: gin's default 404, text/plain
 * (gin-gonic/gin gin.go default404Body "404 page not found"), which ollama-js reads with a
 * console.log (ollama-js src/utils.ts checkOk).
 */
export const ginPlainNotFound: Replay = {
  origin: 'ollama (gin-gonic/gin gin.go default404Body, serveError text/plain) — any route the server does not have',
  status: 404,
  headers: { 'Content-Type': 'text/plain' },
  writes: ['404 page not found'],
};

/**
 * gpt-oss (harmony) parses its tool call only when the answer is done, so the call arrives on the
 * `done: true` line itself (harmony/harmonyparser.go Add: "we defer parsing them until we know
 * we're done"; server/routes.go sends that one response with Done and ToolCalls).
 */
export const harmonyCallOnDoneLine: Replay = {
  origin: `${VERSION} harmony/harmonyparser.go HarmonyMessageHandler.Add (calls at done) + server/routes.go ChatHandler`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"gpt-oss:20b","created_at":"2026-08-21T10:00:07.000000000Z","message":{"role":"assistant","content":"","thinking":"Need to read the file."},"done":false}',
    '{"model":"gpt-oss:20b","created_at":"2026-08-21T10:00:07.400000000Z","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_q8w2e4r6","function":{"index":0,"name":"read_file","arguments":{"path":"a.txt"}}}]},"done":true,"done_reason":"stop","total_duration":1400000000,"load_duration":20000000,"prompt_eval_count":900,"prompt_eval_duration":500000000,"eval_count":45,"eval_duration":800000000}',
  ]),
};

/**
 * qwen3 ran out of num_predict inside `<tool_call>`: the parser (model/parsers/qwen3.go Add) ignores
 * `done`, so the unfinished call in its buffer is dropped and the step ends empty with
 * done_reason "length" — the silent form, with the reason on the done line.
 */
export const qwen3CallCutByLength: Replay = {
  origin: `${VERSION} model/parsers/qwen3.go Qwen3Parser.Add (done ignored; unterminated call dropped)`,
  status: 200,
  headers: NDJSON,
  writes: ndjsonLines([
    '{"model":"qwen3:8b","created_at":"2026-08-21T10:00:08.000000000Z","message":{"role":"assistant","content":"","thinking":"Write the whole report in one call."},"done":false}',
    '{"model":"qwen3:8b","created_at":"2026-08-21T10:00:09.000000000Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"length","total_duration":9000000000,"load_duration":20000000,"prompt_eval_count":700,"prompt_eval_duration":300000000,"eval_count":2048,"eval_duration":8600000000}',
  ]),
};
