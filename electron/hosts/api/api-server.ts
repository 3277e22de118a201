import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULTS } from '../../../shared/constants';
import type { ModelListResult } from '../../../shared/models/models';
import { forwardChat } from '../../services/gateway/forward-chat';
import { toOpenAiModelList, type OpenAiModelList } from '../../services/gateway/list-models';
import { errorBody, GatewayError, toGatewayError } from '../../services/gateway/openai-error';
import type { ChatProvider } from '../../services/provider/provider-types';
import type { ResolvedServer } from '../../services/servers/resolved-server';
import { readJsonBody } from './http/read-body';
import { checkRequest } from './http/request-guard';
import { isRunAnswer } from './routes/run-answer-paths';
import { sendSse } from './http/sse-response';

/** A route beyond the passthrough (the enhanced endpoint, the system prompt library). */
export type ExtraRoute = (request: ApiRequest) => Promise<ApiAnswer | null>;

export interface ApiRequest {
  method: string;
  path: string;
  /** Parsed JSON for POST, else null. */
  body: unknown;
  signal: AbortSignal;
}

export type ApiAnswer = { type: 'json'; status?: number; body: unknown } | { type: 'stream'; chunks: AsyncIterable<unknown> };

export interface ApiServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Whether a bearer key is the one (compared in constant time). */
  keyMatches(given: string): boolean;
  /** The enabled model servers now, the first one first. */
  servers(): ResolvedServer[];
  /** The app's models.list. */
  listModels(): Promise<ModelListResult>;
  /** The app's provider for a server: built-in models are answered through it. */
  providerFor?: (server: ResolvedServer) => ChatProvider;
  /** Routes tried after the passthrough ones (null: not mine). */
  routes?: readonly ExtraRoute[];
  fetch?: typeof fetch;
  limits?: { maxRequestBytes?: number; maxStreamBytes?: number; maxConcurrentRequests?: number };
}

export interface ApiServer {
  /** http://127.0.0.1:PORT/v1 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * TACO's OpenAI-compatible API on 127.0.0.1: `GET /v1/models`, `POST /v1/chat/completions`
 * (passthrough to the model's server), plus the extra routes. Every request passes the guard
 * (Host, Origin, bearer key) before anything is read or counted; no CORS headers are ever sent.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const limits = { ...DEFAULTS.gateway, ...options.limits };
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  // As the app's own steps: streamed chats over node:http, unless a test hands in its own fetch.
  const overNodeHttp = options.fetch === undefined && DEFAULTS.agentPerf.streamOverNodeHttp;
  let port = 0;
  let active = 0;

  async function answer(request: IncomingMessage, method: string, path: string, signal: AbortSignal): Promise<ApiAnswer> {
    if (method === 'OPTIONS')
      throw new GatewayError(405, 'TACO answers no CORS preflight: browsers may not call this API.', 'method_not_allowed');
    const body = method === 'POST' || method === 'PUT' ? await readJsonBody(request, limits.maxRequestBytes) : null;
    if (method === 'GET' && path === '/v1/models') return { type: 'json', body: toOpenAiModelList(await options.listModels()) };
    if (method === 'GET' && path.startsWith('/v1/models/'))
      return { type: 'json', body: findModel(toOpenAiModelList(await options.listModels()), path) };
    if (method === 'POST' && path === '/v1/chat/completions')
      return forwardChat(body, options.servers(), {
        signal,
        fetch: fetchImpl,
        overNodeHttp,
        ...(options.providerFor ? { providerFor: options.providerFor } : {}),
      });
    for (const route of options.routes ?? []) {
      const found = await route({ method, path, body, signal });
      if (found) return found;
    }
    throw new GatewayError(404, `Unknown route ${method} ${path}.`, 'unknown_route');
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    // The guard first (Host, Origin, key): a caller without the key learns nothing, not even how busy we are.
    const refused = checkRequest(request.headers, port, (given) => options.keyMatches(given));
    if (refused) {
      request.resume();
      return sendJson(response, refused.status, errorBody(refused));
    }
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', `http://127.0.0.1:${port}`).pathname.replace(/\/+$/, '');
    const malformed = malformedPath(path);
    if (malformed) {
      request.resume();
      return sendJson(response, malformed.status, errorBody(malformed));
    }
    // An answer to a waiting run never waits behind (nor counts with) the streams that wait for it.
    const counted = !isRunAnswer(method, path);
    if (counted && active >= limits.maxConcurrentRequests) {
      request.resume();
      return sendJson(
        response,
        429,
        errorBody(new GatewayError(429, `TACO's API is serving ${active} requests; try again shortly.`, 'too_many_requests')),
      );
    }
    if (counted) active += 1;
    try {
      const result = await answer(request, method, path, controller.signal);
      if (result.type === 'json') return sendJson(response, result.status ?? 200, result.body);
      await sendSse(response, result.chunks, limits.maxStreamBytes, 'TACO');
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof GatewayError ? error : toGatewayError(error, 'TACO');
      if (!response.headersSent) {
        // A body we stopped reading cannot leave the connection reusable.
        if (failure.status === 413) response.setHeader('Connection', 'close');
        else request.resume();
        sendJson(response, failure.status, errorBody(failure));
      } else response.end();
    } finally {
      if (counted) active -= 1;
    }
  }

  const server = createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => {
      console.error('api host:', error);
      if (!response.headersSent) sendJson(response, 500, errorBody(new GatewayError(500, 'TACO could not answer this request.')));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(text);
}

/** A path whose percent escapes do not decode (`%zz`, a cut UTF-8 sequence): 400 before any route reads it. */
function malformedPath(path: string): GatewayError | null {
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    return new GatewayError(
      400,
      `The request path has a malformed percent escape (${path.slice(0, 200)}): encode ids with encodeURIComponent.`,
      'invalid_path',
    );
  }
}

/** GET /v1/models/{id}: one model of the list (ids hold ':' and '::', sent as they are or percent-encoded). */
function findModel(list: OpenAiModelList, path: string): OpenAiModelList['data'][number] {
  const id = decodeURIComponent(path.slice('/v1/models/'.length));
  const found = list.data.find((model) => model.id === id);
  if (!found) throw new GatewayError(404, `The model “${id}” is not on any enabled model server.`, 'model_not_found', 'model');
  return found;
}
