import type { IncomingMessage } from 'node:http';
import { Ollama, type ChatRequest } from 'ollama';
import { NULL_BODY, REDIRECTS, abortReason, decoded, requestOverNodeHttp } from '../../node-http-request';
import { requestJson } from '../request-json';

/*
 * The streamed /api/chat request straight over node:http: no ollama-js client, AbortController
 * and AbortSignal.any per call, no Response, Headers or web ReadableStream around the socket's
 * body (bench/peer/peer-breakdown.ts: together about a fifth of main's CPU in a round
 * against a fast server). What reaches ollama-stream.ts is what ollama-js over fetch gives it:
 * the same URL, headers and body on the wire (taken from ollama-js itself, once per provider), the
 * same ResponseError for an HTTP error (with the error-body fix of ollama-client.ts), the same
 * "Missing body", and the body's bytes with fetch's failures ("terminated", the abort reason).
 * A redirect to follow is handed back (`null`): the caller sends the step over ollama-js and
 * fetch, which follows it. chat-over-node-http.test.ts compares both paths for each server behaviour.
 * Side requests (the non-streamed chat) go the same way (`completeOverNodeHttp`): a title request
 * over ollama-js and fetch cost main 0.9–2.3 ms of CPU, over node:http 0.4–0.7 ms (300 each,
 * interleaved, against the fake server in its own process), and one follows every new conversation.
 */

/** What ollama-js sends for a chat: the URL (its host formatting) and headers (its User-Agent, the provider's headers). */
interface ChatTarget {
  url: URL;
  headers: Record<string, string>;
}

class Captured extends Error {}

/** Asks ollama-js for the URL and headers it sends a chat with, without sending anything; null when it would not send one. */
async function chatTarget(host: string, headers: Readonly<Record<string, string>> | undefined): Promise<ChatTarget | null> {
  let target: ChatTarget | null = null;
  const capture: typeof fetch = (input, init) => {
    const lower: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (lower[name] = value));
    target = { url: new URL(String(input)), headers: lower };
    return Promise.reject(new Captured());
  };
  try {
    const client = new Ollama({ host, fetch: capture, ...(headers ? { headers: { ...headers } } : {}) });
    await client.chat({ model: '', messages: [], stream: true });
  } catch {
    // Captured, or a host ollama-js cannot send to: then the step goes through ollama-js, which says why.
  }
  return target;
}

/** ollama-js's error for an HTTP error answer (its `ResponseError`: toProviderError reads `name` and `status_code`). */
class ResponseError extends Error {
  readonly error: string;
  constructor(
    message: string,
    readonly status_code: number,
  ) {
    super(message);
    this.error = message;
    this.name = 'ResponseError';
  }
}

/**
 * The message ollama-js throws for an error answer after ollama-client.ts's `jsonErrorBody`: the
 * JSON body's `error` when it is a string (its own default when empty), otherwise the body's text.
 */
function errorMessage(text: string, status: number, statusText: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string')
      return (parsed as { error: string }).error || `Error ${status}: ${statusText}`;
  } catch {
    // Not JSON: its text, as below.
  }
  return text.trim() || `${status} ${statusText}`.trim() || `Error ${status}: ${statusText}`;
}

/**
 * An answer's text as fetch's `text()` reads it: decoded as UTF-8 once the body is whole (a
 * character split across packets stays whole), a leading byte order mark dropped; a body cut
 * short fails as fetch's does.
 */
async function readText(message: IncomingMessage, signal: AbortSignal): Promise<string> {
  const parts: Buffer[] = [];
  try {
    for await (const part of decoded(message)) parts.push(part as Buffer);
  } catch (error) {
    // The answer had begun: the socket's ECONNRESET is kept as words only, so the failure reads as
    // a reply that ended early (fetch's "terminated"), not as a server that cannot be reached.
    throw signal.aborted ? abortReason(signal) : new TypeError('terminated', { cause: new Error(String(error)) });
  }
  const text = Buffer.concat(parts).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The body's bytes as they arrive; fails as fetch's body does (the abort reason, TypeError
 * "terminated"). A reader that stops once the body is complete (after the `done` line) leaves the
 * socket to the agent for the next step; one that stops earlier closes it.
 */
async function* bodyOf(message: IncomingMessage, signal: AbortSignal, done: () => void): AsyncGenerator<Uint8Array, void, undefined> {
  const source = decoded(message);
  let ended = false;
  try {
    try {
      for await (const part of source.iterator({ destroyOnReturn: false })) yield part as Uint8Array;
    } catch (error) {
      throw signal.aborted ? abortReason(signal) : new TypeError('terminated', { cause: error });
    }
    ended = true;
    if (!message.complete) throw signal.aborted ? abortReason(signal) : new TypeError('terminated');
  } finally {
    done();
    if (!ended) {
      if (source !== message) source.destroy();
      if (message.complete) message.resume();
      else message.destroy();
    }
  }
}

export type ChatOverNodeHttp = (request: ChatRequest & { stream: true }, signal: AbortSignal) => Promise<AsyncIterable<Uint8Array> | null>;

/** A side request's (non-streamed chat's) parsed answer; null when the caller must send it over ollama-js. */
export type CompleteOverNodeHttp = (request: ChatRequest & { stream: false }, signal: AbortSignal) => Promise<{ answer: unknown } | null>;

interface Answered {
  message: IncomingMessage;
  status: number;
  done: () => void;
}

/**
 * Posts one chat to where ollama-js would (its URL and headers, found once per provider).
 * Resolves with a 2xx answer, or null for a redirect or a target ollama-js would not send to (the
 * caller then sends it the other way); rejects as ollama-js over fetch would, with its
 * ResponseError for any other status.
 */
function chatPoster(host: string, headers: Readonly<Record<string, string>> | undefined) {
  let target: Promise<ChatTarget | null> | null = null;
  return async (request: ChatRequest, signal: AbortSignal): Promise<Answered | null> => {
    target ??= chatTarget(host, headers);
    const known = await target;
    if (known === null) return null;
    const { url, headers: sent } = known;
    const body = Buffer.from(requestJson(request));
    const answer = requestOverNodeHttp(url, { method: 'POST', headers: sent, body, signal }, (message, done) => ({ message, done }));
    if (answer === null) return null;
    const { message, done } = await answer;
    const status = message.statusCode ?? 0;
    if (REDIRECTS.has(status) && message.headers.location !== undefined) {
      done();
      message.destroy();
      return null;
    }
    if (status < 200 || status > 299) {
      try {
        throw new ResponseError(errorMessage(await readText(message, signal), status, message.statusMessage ?? ''), status);
      } finally {
        done();
      }
    }
    return { message, status, done };
  };
}

/**
 * The streamed chat of one provider over node:http. Resolves with the body, or null when the
 * server redirects (the caller sends the step the other way); rejects as ollama-js over fetch would.
 */
export function chatOverNodeHttp(host: string, headers: Readonly<Record<string, string>> | undefined): ChatOverNodeHttp {
  const post = chatPoster(host, headers);
  return async (request, signal) => {
    const answered = await post(request, signal);
    if (answered === null) return null;
    const { message, status, done } = answered;
    if (NULL_BODY.has(status)) {
      done();
      message.resume();
      throw new Error('Missing body');
    }
    return bodyOf(message, signal, done);
  };
}

/**
 * The non-streamed chat of side requests (titles, status sentences, the context-switch check)
 * over node:http: resolves with the parsed answer as ollama-js's `response.json()` gives it (a
 * body that is not JSON, or none, fails with the same SyntaxError), or null when the server
 * redirects; rejects as ollama-js over fetch would.
 */
export function completeOverNodeHttp(host: string, headers: Readonly<Record<string, string>> | undefined): CompleteOverNodeHttp {
  const post = chatPoster(host, headers);
  return async (request, signal) => {
    const answered = await post(request, signal);
    if (answered === null) return null;
    try {
      return { answer: JSON.parse(await readText(answered.message, signal)) as unknown };
    } finally {
      answered.done();
    }
  };
}
