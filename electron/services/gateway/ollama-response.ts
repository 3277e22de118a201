import { randomBytes } from 'node:crypto';
import type { ChatResponse as OllamaChatResponse } from 'ollama';

/**
 * Ollama's /api/chat answers in OpenAI's shapes, as Ollama's own OpenAI layer writes them
 * (ollama/ollama openai/openai.go ToChatCompletion, ToStreamChunks, FinishChunk, ToUsage; the
 * stream order from middleware/openai.go ChatWriter): the first chunk carries the role, thinking
 * goes out as `reasoning` in a chunk before content or tool calls, tool calls arrive whole (id,
 * index, JSON-string arguments), an empty `done` trailer sends no delta, then a finish chunk
 * (`stop` becomes `tool_calls` once a call was sent) and, with stream_options.include_usage, a
 * usage chunk with `choices: []`. `model` is the name the client asked for.
 */
export interface OpenAiToolCall {
  id: string;
  index: number;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

type WireToolCall = { id?: string; function: { index?: number; name: string; arguments: unknown } };

export function completionId(): string {
  return `chatcmpl-${randomBytes(12).toString('base64url')}`;
}

/** Ollama gives tool calls an id (`call_…`); an older server sends none, and OpenAI clients need one. */
function toolCallsFrom(calls: WireToolCall[] | undefined): OpenAiToolCall[] {
  return (calls ?? []).map((call, position) => ({
    id: call.id ?? `call_${randomBytes(12).toString('base64url')}`,
    index: call.function.index ?? position,
    type: 'function',
    function: { name: call.function.name, arguments: JSON.stringify(call.function.arguments ?? {}) },
  }));
}

export function usageFrom(response: OllamaChatResponse): OpenAiUsage {
  const prompt = response.prompt_eval_count ?? 0;
  const completion = response.eval_count ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function createdOf(response: OllamaChatResponse): number {
  const at = response.created_at ? new Date(response.created_at).getTime() : NaN;
  return Math.floor((Number.isFinite(at) ? at : Date.now()) / 1000);
}

export function toChatCompletion(id: string, model: string, response: OllamaChatResponse): Record<string, unknown> {
  const toolCalls = toolCallsFrom(response.message.tool_calls as WireToolCall[] | undefined);
  let reason: string | null = response.done_reason || null;
  if (reason === 'stop' && toolCalls.length > 0) reason = 'tool_calls';
  return {
    id,
    object: 'chat.completion',
    created: createdOf(response),
    model,
    system_fingerprint: 'fp_ollama',
    choices: [
      {
        index: 0,
        message: {
          role: response.message.role,
          content: response.message.content,
          ...(response.message.thinking ? { reasoning: response.message.thinking } : {}),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: reason,
      },
    ],
    usage: usageFrom(response),
  };
}

export interface StreamState {
  id: string;
  model: string;
  includeUsage: boolean;
  created: number | null;
  firstChunkSent: boolean;
  toolCallSent: boolean;
}

export function newStreamState(model: string, includeUsage: boolean): StreamState {
  return { id: completionId(), model, includeUsage, created: null, firstChunkSent: false, toolCallSent: false };
}

function chunk(state: StreamState, delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: state.id,
    object: 'chat.completion.chunk',
    created: state.created,
    model: state.model,
    system_fingerprint: 'fp_ollama',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The OpenAI chunks for one Ollama stream line (several when thinking and content share a line). */
export function toStreamChunks(state: StreamState, response: OllamaChatResponse): Array<Record<string, unknown>> {
  state.created ??= createdOf(response);
  const message = response.message;
  const toolCalls = toolCallsFrom(message.tool_calls as WireToolCall[] | undefined);
  const thinking = message.thinking ?? '';
  const content = message.content ?? '';
  const out: Array<Record<string, unknown>> = [];
  const emptyTrailer = response.done && state.firstChunkSent && content === '' && thinking === '' && toolCalls.length === 0;
  if (!emptyTrailer) {
    const role = state.firstChunkSent ? {} : { role: 'assistant' };
    const withCalls = toolCalls.length > 0 ? { tool_calls: toolCalls } : {};
    if (thinking !== '' && (content !== '' || toolCalls.length > 0)) {
      out.push(chunk(state, { ...role, reasoning: thinking }));
      out.push(chunk(state, { content, ...withCalls }));
    } else {
      out.push(chunk(state, { ...role, content, ...(thinking ? { reasoning: thinking } : {}), ...withCalls }));
    }
    if (toolCalls.length > 0) state.toolCallSent = true;
    state.firstChunkSent = true;
  }
  if (response.done) {
    let reason = response.done_reason || 'stop';
    if (reason === 'stop' && state.toolCallSent) reason = 'tool_calls';
    out.push(chunk(state, {}, reason));
    if (state.includeUsage) out.push({ ...chunk(state, {}), choices: [], usage: usageFrom(response) });
  }
  return out;
}
