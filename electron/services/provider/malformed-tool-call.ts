/**
 * The words a server uses when it could not read a tool call the model wrote. Each pattern is a
 * message a real server builds (ollama/ollama v0.33: model/parsers/qwen3.go "failed to parse JSON",
 * harmony/harmonyparser.go "error parsing tool call", llm/llama_server.go "returned invalid tool call
 * arguments", model/parsers "empty function name"; llama.cpp 82bb48500a9a "The model produced output that
 * does not match the expected peg-native format", as an HTTP 500 or mid-stream).
 */
const MALFORMED_TOOL_CALL = [
  /failed to parse JSON/i,
  /error parsing tool call/i,
  /invalid tool call arguments/i,
  /empty function name/i,
  /does not match the expected [\w-]+ format/i,
] as const;

/**
 * llama.cpp's HTTP 500 when a tool call in the request's history has arguments that are not JSON
 * ("Failed to parse tool call arguments as JSON: …", captured tools-second-turn-badargs): the
 * request is wrong, not the model's reply, so no repair turn can help.
 */
const BAD_HISTORY_TOOL_CALL = /failed to parse tool call/i;

export function isMalformedToolCall(detail: string): boolean {
  return MALFORMED_TOOL_CALL.some((pattern) => pattern.test(detail));
}

export function isBadHistoryToolCall(detail: string): boolean {
  return BAD_HISTORY_TOOL_CALL.test(detail);
}
