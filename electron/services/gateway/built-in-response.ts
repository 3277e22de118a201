import { randomBytes } from 'node:crypto';
import type { ProviderChunk, ProviderToolCall, StepUsage } from '../provider/provider-types';
import { completionId, type OpenAiToolCall, type OpenAiUsage } from './ollama-response';

/**
 * The provider contract's chunks (text, thinking, tool calls, one `done`) in OpenAI's shapes, as
 * the other servers' answers reach a client: the first chunk carries the role, thinking is
 * `reasoning`, a tool call arrives whole (id, index, JSON-string arguments), then a finish chunk
 * (`tool_calls` once a call was sent, `length` for a reply cut at its limit) and, with
 * stream_options.include_usage, a usage chunk with `choices: []`. `model` is the name the client used.
 */
const FINGERPRINT = 'fp_taco_built_in';

export interface BuiltInStreamState {
  id: string;
  model: string;
  created: number;
  includeUsage: boolean;
  first: boolean;
  calls: number;
}

export function newBuiltInStreamState(model: string, includeUsage: boolean, now: () => number = Date.now): BuiltInStreamState {
  return { id: completionId(), model, created: Math.floor(now() / 1000), includeUsage, first: true, calls: 0 };
}

function toolCallsOf(calls: readonly ProviderToolCall[], from: number): OpenAiToolCall[] {
  return calls.map((call, position) => ({
    id: call.id ?? `call_${randomBytes(12).toString('base64url')}`,
    index: from + position,
    type: 'function',
    function: { name: call.function.name, arguments: JSON.stringify(call.function.arguments) },
  }));
}

function usageOf(usage: StepUsage): OpenAiUsage {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

function finishReason(usage: StepUsage, calls: number): 'stop' | 'length' | 'tool_calls' {
  if (calls > 0) return 'tool_calls';
  return usage.doneReason === 'length' ? 'length' : 'stop';
}

function chunk(state: BuiltInStreamState, delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> {
  const role = state.first ? { role: 'assistant' } : {};
  state.first = false;
  return {
    id: state.id,
    object: 'chat.completion.chunk',
    created: state.created,
    model: state.model,
    system_fingerprint: FINGERPRINT,
    choices: [{ index: 0, delta: { ...role, ...delta }, finish_reason: finish }],
  };
}

/** The OpenAI chunks one provider chunk becomes (none for a `waiting` note). */
export function builtInStreamChunks(state: BuiltInStreamState, part: ProviderChunk): Array<Record<string, unknown>> {
  switch (part.type) {
    case 'text':
      return [chunk(state, { content: part.text })];
    case 'thinking':
      return [chunk(state, { reasoning: part.text })];
    case 'tool-calls': {
      const calls = toolCallsOf(part.calls, state.calls);
      state.calls += calls.length;
      return [chunk(state, { content: '', tool_calls: calls })];
    }
    case 'waiting':
      return [];
    case 'done': {
      const out = [chunk(state, {}, finishReason(part.usage, state.calls))];
      if (state.includeUsage)
        out.push({
          id: state.id,
          object: 'chat.completion.chunk',
          created: state.created,
          model: state.model,
          system_fingerprint: FINGERPRINT,
          choices: [],
          usage: usageOf(part.usage),
        });
      return out;
    }
    default: {
      const never: never = part;
      return never;
    }
  }
}

/** A whole step's chunks as one chat completion. */
export function builtInCompletion(model: string, parts: readonly ProviderChunk[], now: () => number = Date.now): Record<string, unknown> {
  let content = '';
  let reasoning = '';
  const calls: ProviderToolCall[] = [];
  let usage: StepUsage | null = null;
  for (const part of parts) {
    if (part.type === 'text') content += part.text;
    else if (part.type === 'thinking') reasoning += part.text;
    else if (part.type === 'tool-calls') calls.push(...part.calls);
    else if (part.type === 'done') usage = part.usage;
  }
  const toolCalls = toolCallsOf(calls, 0);
  return {
    id: completionId(),
    object: 'chat.completion',
    created: Math.floor(now() / 1000),
    model,
    system_fingerprint: FINGERPRINT,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          ...(reasoning ? { reasoning } : {}),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: usage ? finishReason(usage, toolCalls.length) : 'stop',
      },
    ],
    usage: usage ? usageOf(usage) : { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}
