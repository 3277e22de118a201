import type { ChatRequest as OllamaChatRequest, ChatResponse } from 'ollama';
import { chatOverNodeHttp, type ChatOverNodeHttp } from '../provider/ollama/chat/chat-over-node-http';
import type { ResolvedServer } from '../servers/resolved-server';

/*
 * The gateway's streamed /api/chat over node:http, as the app's own steps go
 * (provider/ollama/chat-over-node-http.ts): ollama-js over Node's fetch cost a client, a Request,
 * a web stream and an AbortSignal.any per call in front of the first token (gateway_overhead_ms).
 * The parts are what ollama-js's streamed chat yields, read its way (ollama-js src/utils.ts
 * `parseJSON`, src/browser.ts `AbortableAsyncIterator`): a line that is not JSON is skipped with
 * its warning, an `{"error": …}` line throws its message, the `done` part ends the stream, and a
 * stream that ends without one throws. Failures before the body are ollama-js's (ResponseError,
 * TypeError "fetch failed", the abort reason), so toGatewayError maps them as before.
 */

/** One sender per server address and headers (each learns ollama-js's URL and headers once); a few servers at most. */
const senders = new Map<string, ChatOverNodeHttp>();
const MAX_SENDERS = 16;

function senderFor(server: ResolvedServer): ChatOverNodeHttp {
  const key = JSON.stringify([server.baseUrl, server.headers]);
  let sender = senders.get(key);
  if (!sender) {
    sender = chatOverNodeHttp(server.baseUrl, server.headers);
    senders.set(key, sender);
    if (senders.size > MAX_SENDERS) senders.delete(senders.keys().next().value as string);
  }
  return sender;
}

/**
 * The streamed chat's parts over node:http; null when this path cannot send it (a redirect, a
 * scheme node:http does not speak): the caller sends it through ollama-js. Stopping the iteration
 * early closes the answer; the signal aborts it.
 */
export async function streamOllamaChatOverNodeHttp(
  server: ResolvedServer,
  request: OllamaChatRequest,
  signal: AbortSignal,
): Promise<AsyncIterable<ChatResponse> | null> {
  const body = await senderFor(server)({ ...request, stream: true }, signal);
  return body === null ? null : partsOf(body);
}

/** The parts up to the last one; what follows it is read (not yielded), so the kept-alive socket serves the next request. */
async function* partsOf(body: AsyncIterable<Uint8Array>): AsyncGenerator<ChatResponse, void, undefined> {
  let finished = false;
  for await (const message of jsonLines(body)) {
    if (finished) continue;
    if (typeof message === 'object' && message !== null && 'error' in message) throw new Error(String(message.error));
    const part = message as ChatResponse & { status?: unknown };
    yield part;
    finished = part.done || part.status === 'success';
  }
  if (!finished) throw new Error('Did not receive done or success response in stream.');
}

async function* jsonLines(body: AsyncIterable<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) yield* parsed(line);
  }
  buffer += decoder.decode();
  for (const line of buffer.split('\n').filter((text) => text !== '')) yield* parsed(line);
}

function* parsed(line: string): Generator<unknown, void, undefined> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    console.warn('invalid json: ', line);
    return;
  }
  yield value;
}
