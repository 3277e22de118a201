import type { ServerResponse } from 'node:http';
import type { JsonObject, JsonValue } from '../../shared/contract/json';
import { ResponseGuard } from '../fake-ollama/http-utils';
import { serveReplay } from '../replays/replay-types';
import type { FakeOpenAiChatRequest, OpenAiReply } from './scenario-types';
import { llamaCppWrites, type LlamaCppStreamed } from './llama-cpp-framing';

/** The context-length answer of vLLM (and, in words, of llama.cpp's server). */
export const CONTEXT_LENGTH_MESSAGE =
  "This model's maximum context length is 4096 tokens. However, you requested 5210 tokens (4186 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.";

export function sendOpenAiJson(response: ServerResponse, status: number, body: JsonValue, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** An error the way the OpenAI API (and vLLM, llama.cpp, LM Studio) shape it. */
export function sendOpenAiError(
  response: ServerResponse,
  status: number,
  message: string,
  options: { type?: string; code?: string | null; headers?: Record<string, string> } = {},
): void {
  sendOpenAiJson(
    response,
    status,
    { error: { message, type: options.type ?? errorTypeFor(status), param: null, code: options.code ?? null } },
    options.headers,
  );
}

function errorTypeFor(status: number): string {
  if (status === 401) return 'invalid_request_error';
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Answers errors (any call) before anything is streamed; true when it did. */
export function answerError(response: ServerResponse, reply: OpenAiReply): boolean {
  if (reply.type === 'replay') {
    serveReplay(response, reply.replay);
    return true;
  }
  if (reply.type === 'http-error') {
    const headers: Record<string, string> = reply.retryAfterSeconds !== undefined ? { 'Retry-After': String(reply.retryAfterSeconds) } : {};
    sendOpenAiError(response, reply.status, reply.message, {
      ...(reply.errorType ? { type: reply.errorType } : {}),
      code: reply.code ?? null,
      headers,
    });
    return true;
  }
  if (reply.type === 'context-length') {
    sendOpenAiError(response, 400, CONTEXT_LENGTH_MESSAGE, { type: 'BadRequestError', code: 'context_length_exceeded' });
    return true;
  }
  return false;
}

/** A non-streamed chat.completion. */
export function answerWhole(response: ServerResponse, request: FakeOpenAiChatRequest, reply: OpenAiReply): void {
  if (answerError(response, reply)) return;
  const message: JsonObject = { role: 'assistant', content: '' };
  let finish = 'stop';
  if (reply.type === 'text' || reply.type === 'mid-stream-error' || reply.type === 'stall') message.content = reply.text;
  if (reply.type === 'text' && reply.reasoning) message.reasoning_content = reply.reasoning;
  if (reply.type === 'tool-calls') {
    message.content = reply.text ?? null;
    message.tool_calls = reply.calls.map((call, index) => ({
      id: `call_${index}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }));
    finish = 'tool_calls';
  }
  sendOpenAiJson(response, 200, {
    id: `chatcmpl-side-${request.call}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: request.model,
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
  });
}

/** A streamed answer: SSE `data:` chunks, tool-call deltas split by index, usage last, then [DONE]. */
export async function streamAnswer(
  response: ServerResponse,
  request: FakeOpenAiChatRequest,
  reply: OpenAiReply,
  delayMs: number,
  framing: 'openai' | 'llama-cpp' = 'openai',
): Promise<void> {
  if (answerError(response, reply)) return;
  const guard = new ResponseGuard(response);
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  if (framing === 'llama-cpp' && (reply.type === 'text' || reply.type === 'tool-calls')) {
    const completion = reply.type === 'text' ? reply.text : JSON.stringify(reply.calls);
    const usage =
      reply.type === 'text' && reply.usage
        ? reply.usage
        : { promptTokens: 100 + request.messages.length * 10, completionTokens: words(completion) + 1 };
    const answer: LlamaCppStreamed =
      reply.type === 'text'
        ? { type: 'text', text: reply.text, pieceChars: reply.pieceChars ?? 4, finishReason: reply.finishReason ?? 'stop', usage }
        : { type: 'tool-calls', calls: reply.calls, ...(reply.text ? { text: reply.text } : {}), pieceChars: reply.pieceChars ?? 5, usage };
    for (const write of llamaCppWrites(request, answer)) {
      await guard.write(write);
      if (delayMs > 0) await guard.sleep(delayMs);
    }
    response.end();
    return;
  }
  const id = `chatcmpl-${request.call}`;
  const send = async (choice: JsonObject | null, extra: JsonObject = {}): Promise<void> => {
    const chunk: JsonObject = {
      id,
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: request.model,
      choices: choice === null ? [] : [{ index: 0, ...choice }],
      ...extra,
    };
    await guard.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (delayMs > 0) await guard.sleep(delayMs);
  };

  await send({ delta: { role: 'assistant', content: '' }, finish_reason: null });
  let finish = 'stop';
  let completion = '';
  switch (reply.type) {
    case 'text':
      for (const piece of pieces(reply.reasoning ?? '', reply.pieceChars ?? 4))
        await send({ delta: { reasoning_content: piece }, finish_reason: null });
      for (const piece of pieces(reply.text, reply.pieceChars ?? 4)) await send({ delta: { content: piece }, finish_reason: null });
      completion = reply.text;
      finish = reply.finishReason ?? 'stop';
      break;
    case 'tool-calls': {
      if (reply.text) await send({ delta: { content: reply.text }, finish_reason: null });
      for (const [index, call] of reply.calls.entries()) {
        await send({
          delta: {
            tool_calls: [{ index, id: `call_${request.call}_${index}`, type: 'function', function: { name: call.name, arguments: '' } }],
          },
          finish_reason: null,
        });
        for (const piece of pieces(JSON.stringify(call.arguments), reply.pieceChars ?? 5)) {
          await send({ delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null });
        }
      }
      completion = JSON.stringify(reply.calls);
      finish = 'tool_calls';
      break;
    }
    case 'mid-stream-error':
      await send({ delta: { content: reply.text }, finish_reason: null });
      await guard.write(`data: ${JSON.stringify({ error: { message: reply.message, type: 'server_error', code: null } })}\n\n`);
      response.end();
      return;
    case 'stall':
      if (reply.text) await send({ delta: { content: reply.text }, finish_reason: null });
      await guard.untilClosed();
      return;
    case 'http-error':
    case 'context-length':
    case 'replay':
      return;
    default: {
      const never: never = reply;
      throw new Error(`unknown reply ${String(never)}`);
    }
  }
  await send({ delta: {}, finish_reason: finish });
  if (request.includeUsage) {
    const usage =
      reply.type === 'text' && reply.usage
        ? reply.usage
        : { promptTokens: 100 + request.messages.length * 10, completionTokens: words(completion) + 1 };
    await send(null, {
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
      },
    });
  }
  await guard.write('data: [DONE]\n\n');
  response.end();
}
