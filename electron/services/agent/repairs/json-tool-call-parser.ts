import type { JsonObject, JsonValue } from '../../../../shared/contract/json';

/** A tool call a model wrote as JSON in its text instead of through Ollama's `tool_calls`. */
export interface TextToolCall {
  name: string;
  arguments: JsonObject;
  /** The prompt-based format's flag; null when the model did not write it. */
  terminate: boolean | null;
}

export type TextCallParse =
  | { type: 'call'; call: TextToolCall }
  /** Valid JSON (or plain text) that is not a tool call: show it as text. */
  | { type: 'not-a-call' }
  /** Written as a tool call but unreadable: the error says what is wrong, for the model. */
  | { type: 'invalid'; error: string };

const CALL_KEY = /["'](tool|name|function|tool_name)["']\s*:/;

/**
 * Parse one block the model wrote (a JSON object, optionally inside a ```json fence). Accepted
 * shapes: `{"tool", "parameters", "terminate"}` (the prompt-based format), `{"name", "arguments"}`
 * (Ollama/OpenAI style), `{"name", "parameters"}`, `{"tool", "arguments"}` and
 * `{"function": {"name", "arguments"}}`. `arguments` may itself be a JSON string. Parsing is strict:
 * the JSON must be valid as written (no trailing commas, no single quotes); extra top-level keys
 * (a "thought", say) are ignored.
 */
export function parseTextToolCall(block: string): TextCallParse {
  const body = stripFence(block.trim());
  if (!body.startsWith('{')) return { type: 'not-a-call' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    if (!CALL_KEY.test(body)) return { type: 'not-a-call' };
    const detail = error instanceof Error ? error.message : String(error);
    return { type: 'invalid', error: `The tool call is not valid JSON (${detail}).` };
  }
  if (!isObject(value)) return { type: 'not-a-call' };
  return readCallObject(value);
}

function readCallObject(value: Record<string, unknown>): TextCallParse {
  const nested = value['function'];
  const source = isObject(nested) ? nested : value;
  const name = source['tool'] ?? source['name'] ?? source['tool_name'];
  if (name === undefined) return { type: 'not-a-call' };
  if (typeof name !== 'string' || name.trim() === '') {
    return { type: 'invalid', error: 'The "tool" field must be the tool\'s name as a string.' };
  }
  const rawArgs = source['parameters'] ?? source['arguments'] ?? source['args'] ?? {};
  const args = readArguments(rawArgs);
  if (args === null) {
    return { type: 'invalid', error: `The "parameters" of ${name} must be a JSON object, like {"path": "notes.txt"}.` };
  }
  const terminate = value['terminate'];
  if (terminate !== undefined && typeof terminate !== 'boolean') {
    return { type: 'invalid', error: 'The "terminate" field must be true or false.' };
  }
  return { type: 'call', call: { name: name.trim(), arguments: args, terminate: terminate ?? null } };
}

function readArguments(raw: unknown): JsonObject | null {
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      return isObject(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return isObject(raw) ? raw : null;
}

/** ```json\n{...}\n``` → {...}; anything else is returned as is. */
export function stripFence(text: string): string {
  const match = /^```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(text);
  return match?.[1]?.trim() ?? text;
}

function isObject(value: unknown): value is Record<string, unknown> & Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
