import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/*
 * A fetch over node:http for the streamed model request, the one request on every round's path.
 * Node's fetch (undici) costs main two to three times the CPU of node:http per request (measured
 * in BENCHMARKS.md, "Per-round breakdown": a Request built and cloned per call, the body written
 * as a stream, an abort listener and a finalizer per signal), and that CPU sits between two model
 * steps. What the callers read stays what fetch gives them: a Response (status, headers, a
 * ReadableStream body), the same rejections (TypeError "fetch failed" with the socket error as
 * cause; the signal's reason on abort; a body cut mid-way errors with TypeError "terminated"), so
 * toProviderError maps every failure as before. Anything this does not speak (a Request object, a
 * body that is not a string or bytes, another scheme, a redirect to follow) goes to `fallback`.
 */

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Protocol = keyof typeof agents;
const isProtocol = (protocol: string): protocol is Protocol => protocol === 'http:' || protocol === 'https:';

/** The fetch of `nodeHttpFetch`: `fallback` answers whatever it does not handle itself. */
export function nodeHttpFetch(fallback: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
    const body = init?.body ?? null;
    const bytes = bodyBytes(body);
    if (url === null || !isProtocol(url.protocol) || bytes === undefined || init?.redirect === 'error') return fallback(input, init);
    const response = await send(url, url.protocol, init ?? {}, bytes, true);
    if (REDIRECTS.has(response.status) && init?.redirect !== 'manual' && response.headers.has('location')) {
      await response.body?.cancel().catch(() => undefined);
      return fallback(input, init);
    }
    return response;
  };
}

/** The request body as bytes; undefined for a body this does not send itself (a stream, a form). */
function bodyBytes(body: BodyInit | null): Buffer | null | undefined {
  if (body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return undefined;
}

function send(url: URL, protocol: Protocol, init: RequestInit, bytes: Buffer | null, mayRetry: boolean): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  if (bytes !== null) headers['content-length'] = String(bytes.byteLength);
  const transport = protocol === 'http:' ? http : https;
  return new Promise<Response>((resolve, reject) => {
    let answered = false;
    const request = transport.request(url, { method: init.method ?? 'GET', headers, agent: agents[protocol] });
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
        return resolve(send(url, protocol, init, bytes, false));
      // undici's words for a socket that closed before any answer (toProviderError reads the code).
      const cause =
        error.code === 'ECONNRESET' ? Object.assign(new Error('other side closed', { cause: error }), { code: 'UND_ERR_SOCKET' }) : error;
      reject(new TypeError('fetch failed', { cause }));
    });
    request.on('response', (message) => {
      answered = true;
      resolve(toResponse(message, signal, done));
    });
    request.end(bytes ?? undefined);
  });
}

function toResponse(message: IncomingMessage, signal: AbortSignal | undefined, done: () => void): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.append(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
  }
  const status = message.statusCode ?? 0;
  const init = { status, statusText: message.statusMessage ?? '', headers };
  if (NULL_BODY.has(status)) {
    message.resume();
    done();
    return new Response(null, init);
  }
  return new Response(bodyStream(message, signal, done), init);
}

/** The body as fetch gives it: decoded as fetch decodes it, paused while the reader is behind, errors in fetch's words. */
function bodyStream(message: IncomingMessage, signal: AbortSignal | undefined, done: () => void): ReadableStream<Uint8Array> {
  const source = decoded(message);
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        done();
        controller.error(error);
      };
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.on('end', () => {
        if (settled) return;
        settled = true;
        done();
        controller.close();
      });
      source.on('error', (error) => fail(signal?.aborted ? abortReason(signal) : new TypeError('terminated', { cause: error })));
      message.on('close', () => {
        if (!message.complete) fail(signal?.aborted ? abortReason(signal) : new TypeError('terminated'));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      settled = true;
      done();
      message.destroy();
    },
  });
}

/** Content-Encoding undone as fetch does (a proxy may compress even though nothing asked it to). */
function decoded(message: IncomingMessage): Readable {
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

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
