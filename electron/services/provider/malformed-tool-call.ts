/**
 * The words a server uses when it could not read a tool call the model wrote. Each pattern is a
 * message a real server builds (ollama/ollama v0.33: model/parsers/qwen3.go "failed to parse JSON",
 * harmony/harmonyparser.go "error parsing tool call", llm/llama_server.go "returned invalid tool call
 * arguments", model/parsers "empty function name"; llama.cpp tools/server "Failed to parse tool call").
 */
const MALFORMED_TOOL_CALL = [
  /failed to parse JSON/i,
  /error parsing tool call/i,
  /invalid tool call arguments/i,
  /empty function name/i,
  /failed to parse tool call/i,
] as const;

export function isMalformedToolCall(detail: string): boolean {
  return MALFORMED_TOOL_CALL.some((pattern) => pattern.test(detail));
}
