import type { JsonObject, JsonValue } from '../../../../shared/contract/json';
import type { ModelCapabilities, ModelInfo } from '../../../../shared/models/models';
import type { ProviderChunk, ProviderToolCall, StepUsage } from '../provider-types';
import { parseKvShape } from '../memory/kv-shape';

/** Narrowing of Ollama's JSON answers: ollama-js types them loosely, so trust nothing. */

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function strings(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;
}

function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isDict(value) && Object.values(value).every(isJsonValue);
}

/** /api/tags → ModelInfo[]; entries without a name are skipped. */
export function parseModelList(response: unknown): ModelInfo[] {
  const models = isDict(response) && Array.isArray(response.models) ? response.models : [];
  return models.flatMap((entry): ModelInfo[] => {
    if (!isDict(entry)) return [];
    const name = str(entry.name) ?? str(entry.model);
    if (name === null) return [];
    const details = isDict(entry.details) ? entry.details : {};
    return [
      {
        name,
        sizeBytes: num(entry.size),
        family: str(details.family),
        parameterSize: str(details.parameter_size),
        quantization: str(details.quantization_level),
        capabilities: strings(entry.capabilities),
      },
    ];
  });
}

/** /api/show → capabilities; context length from the model_info key ending in ".context_length". */
export function parseCapabilities(response: unknown): ModelCapabilities {
  const show = isDict(response) ? response : {};
  const names = strings(show.capabilities) ?? [];
  const info = isDict(show.model_info) ? show.model_info : {};
  const key = Object.keys(info).find((candidate) => candidate.endsWith('.context_length'));
  const length = key === undefined ? null : info[key];
  return {
    tools: names.includes('tools'),
    thinking: names.includes('thinking'),
    vision: names.includes('vision'),
    contextLength: typeof length === 'number' && Number.isInteger(length) && length > 0 ? length : null,
    kvShape: parseKvShape(info),
  };
}

/** Tool calls of one chunk. String arguments (some models) are parsed; anything else becomes {}. */
export function parseToolCalls(value: unknown): ProviderToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((call): ProviderToolCall[] => {
    const fn = isDict(call) && isDict(call.function) ? call.function : null;
    const name = fn ? str(fn.name) : null;
    if (!fn || name === null) return [];
    return [{ function: { name, arguments: toArguments(fn.arguments) } }];
  });
}

function toArguments(value: unknown): JsonObject {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return isDict(parsed) && isJsonValue(parsed) ? parsed : {};
}

/** The chunks one streamed /api/chat line carries, in the order a reader expects them. */
export function chunksOf(part: unknown): ProviderChunk[] {
  return appendChunksOf(part, []);
}

/**
 * Appends the chunks of one line to `chunks`, growing the last chunk when it is text (or thinking)
 * and so is the line's first: a burst of lines becomes as few chunks as its content allows.
 * `chunks` must hold only chunks made here (the last one is changed in place).
 */
export function appendChunksOf(part: unknown, chunks: ProviderChunk[]): ProviderChunk[] {
  const message = isDict(part) && isDict(part.message) ? part.message : null;
  if (message === null) return chunks;
  const thinking = str(message.thinking);
  if (thinking !== null) appendText(chunks, 'thinking', thinking);
  const text = str(message.content);
  if (text !== null) appendText(chunks, 'text', text);
  if (message.tool_calls !== undefined) {
    const calls = parseToolCalls(message.tool_calls);
    if (calls.length > 0) chunks.push({ type: 'tool-calls', calls });
  }
  return chunks;
}

function appendText(chunks: ProviderChunk[], type: 'text' | 'thinking', text: string): void {
  const last = chunks[chunks.length - 1];
  if (last !== undefined && last.type === type) last.text += text;
  else chunks.push({ type, text });
}

export function isDone(part: unknown): boolean {
  return isDict(part) && part.done === true;
}

/** Usage from the final chunk. */
export function usageOf(part: unknown, numCtx: number): StepUsage {
  const done = isDict(part) ? part : {};
  return {
    promptTokens: num(done.prompt_eval_count),
    completionTokens: num(done.eval_count),
    evalDurationNs: num(done.eval_duration),
    totalDurationNs: num(done.total_duration),
    doneReason: str(done.done_reason),
    numCtx,
  };
}

/** The assistant text of a non-streamed /api/chat answer. */
export function contentOf(response: unknown): string {
  const message = isDict(response) && isDict(response.message) ? response.message : {};
  return typeof message.content === 'string' ? message.content : '';
}
