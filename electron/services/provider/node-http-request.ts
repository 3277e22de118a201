import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/*
 * The streamed model request over node:http, the one request on every round's path
 * (ollama/chat-over-node-http.ts). Node's fetch (undici) costs main two to three times the CPU of
 * node:http per request (measured with bench/peer/peer-breakdown.ts: a Request built and
 * cloned per call, the body written as a stream, an abort listener and a finalizer per signal), and
 * that CPU sits between two model steps. Failures before an answer are fetch's (TypeError "fetch
 * failed" with the socket error as cause; the signal's reason on abort), so toProviderError maps
 * them as before; what this does not speak (another scheme, a redirect to follow) the caller sends
 * over fetch.
 */

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
/** Statuses whose answer has no body (fetch's null-body statuses). */
export const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Statuses fetch follows when the answer has a Location. */
export const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Protocol = keyof typeof agents;
const isProtocol = (protocol: string): protocol is Protocol => protocol === 'http:' || protocol === 'https:';

/** A request for `requestOverNodeHttp`: header names in lower case, the body as bytes. */
export interface NodeHttpRequest {
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  signal: AbortSignal | undefined;
}

/**
 * Sends one request over node:http(s) with the kept-alive agent and hands the answer to `answer`
 * (the message, and `done`, which detaches the abort listener: call it once the body is read or
 * dropped). Fails as fetch does before an answer: the signal's reason on abort, TypeError "fetch
 * failed" with the socket error as cause, once more on a new socket when a kept-alive one was
 * closed while idle. Null for a URL that is not http(s).
 */
export function requestOverNodeHttp<T>(
  url: URL,
  request: NodeHttpRequest,
  answer: (message: IncomingMessage, done: () => void) => T,
): Promise<T> | null {
  return isProtocol(url.protocol) ? send(url, url.protocol, request, answer, true) : null;
}

function send<T>(
  url: URL,
  protocol: Protocol,
  init: NodeHttpRequest,
  answer: (message: IncomingMessage, done: () => void) => T,
  mayRetry: boolean,
): Promise<T> {
  const { signal, body: bytes } = init;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const headers = bytes === null ? init.headers : { ...init.headers, 'content-length': String(bytes.byteLength) };
  const transport = protocol === 'http:' ? http : https;
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    const request = transport.request(url, { method: init.method, headers, agent: agents[protocol] });
    const onAbort = (): void => {
      if (!answered) reject(abortReason(signal));
      request.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = (): void => signal?.removeEventListener('abort', onAbort);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      done();
      if (signal?.aborted) return reject(abortReason(signal));
      // A kept-alive socket the server closed while idle: the request never reached it; once more on a new one.
      if (mayRetry && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        return resolve(send(url, protocol, init, answer, false));
      // undici's words for a socket that closed before any answer (toProviderError reads the code).
      const cause =
        error.code === 'ECONNRESET' ? Object.assign(new Error('other side closed', { cause: error }), { code: 'UND_ERR_SOCKET' }) : error;
      reject(new TypeError('fetch failed', { cause }));
    });
    request.on('response', (message) => {
      answered = true;
      resolve(answer(message, done));
    });
    request.end(bytes ?? undefined);
  });
}

/** Content-Encoding undone as fetch does (a proxy may compress even though nothing asked it to). */
export function decoded(message: IncomingMessage): Readable {
  const encoding = (message.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (decoder === null) return message;
  message.on('error', (error) => decoder.destroy(error));
  return message.pipe(decoder);
}

export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
