/**
 * The words a server uses when it refuses a request because it carries `tools`: Ollama
 * (server/images.go CheckCapabilities: "<model> does not support tools", HTTP 400), llama.cpp
 * without --jinja ("tools param requires --jinja flag", HTTP 500), vLLM without a tool parser
 * ("\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set", 400),
 * and servers that cannot stream with tools ("Cannot use tools with stream").
 */
const TOOLS_REFUSED = [
  /does not support tools/i,
  /tools param requires --jinja/i,
  /enable-auto-tool-choice/i,
  /cannot use tools with stream/i,
] as const;

export function isToolsRefused(detail: string): boolean {
  return TOOLS_REFUSED.some((pattern) => pattern.test(detail));
}
