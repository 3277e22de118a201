import type { JsonObject, JsonValue } from '../../../../../shared/contract/json';
import type { ProviderToolCall } from '../../provider-types';

export interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseArguments(text: string): JsonObject {
  if (text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text) as JsonValue;
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function isWholeObject(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    return isJsonObject(JSON.parse(text) as JsonValue);
  } catch {
    return false;
  }
}

/**
 * Assembles streamed `tool_calls` deltas: the first delta of an index carries id and name, the
 * arguments arrive as string pieces under the same index. Calls come out in index order.
 */
export function createToolCallAssembler(): {
  add(deltas: readonly ToolCallDelta[]): void;
  calls(): ProviderToolCall[];
  /** Names of calls whose arguments are not one whole JSON object (the stream stopped inside them). */
  unfinished(): string[];
} {
  const byIndex = new Map<number, { id: string; name: string; args: string }>();
  return {
    add(deltas) {
      for (const [position, delta] of deltas.entries()) {
        const index = typeof delta.index === 'number' ? delta.index : position;
        const entry = byIndex.get(index) ?? { id: '', name: '', args: '' };
        if (delta.id && entry.id === '') entry.id = delta.id;
        // The name comes whole in the first delta of an index (servers that repeat it repeat it whole).
        if (delta.function?.name && entry.name === '') entry.name = delta.function.name;
        if (delta.function?.arguments) entry.args += delta.function.arguments;
        byIndex.set(index, entry);
      }
    },
    unfinished() {
      return [...byIndex.values()].filter((entry) => entry.name !== '' && !isWholeObject(entry.args)).map((entry) => entry.name);
    },
    calls() {
      return [...byIndex.entries()]
        .sort(([a], [b]) => a - b)
        .filter(([, entry]) => entry.name !== '')
        .map(([, entry]) => ({
          ...(entry.id !== '' ? { id: entry.id } : {}),
          function: { name: entry.name, arguments: parseArguments(entry.args) },
        }));
    },
  };
}
