import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonObject } from '../../shared/contract/json';
import { isJsonObject, parseJsonObject, readBody } from '../fake-ollama/http-utils';
import { openAiReply } from './openai-replies';
import { serveReplay } from '../replays/replay-types';
import { llamaCppLoadingModel } from '../replays/llama-cpp-replays';
import type { FakeOpenAiChatRequest, OpenAiReply, OpenAiReplySource, OpenAiScenario, RecordedOpenAiRequest } from './scenario-types';
import { answerWhole, sendOpenAiError, sendOpenAiJson, streamAnswer } from './sse-replies';
import { createFakeSlots, type FakeSlots } from './fake-slots';
import { answerInputTokens, refuseOversized, refuseUncompilableTools } from './fake-context-window';

export interface FakeOpenAiOptions {
  scenario: OpenAiScenario;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Every request must carry this header with this value (else 401), like a server started with --api-key. */
  requireHeader?: { name: string; value: string };
}

export interface FakeOpenAi {
  /** The base URL a client is given, e.g. http://127.0.0.1:43127/v1 */
  baseUrl: string;
  /** The server root, e.g. http://127.0.0.1:43127 */
  url: string;
  requests: RecordedOpenAiRequest[];
  /** Another client's request takes one of the scenario's `slots` until the returned function frees it. */
  occupySlot(): () => void;
  setScenario(scenario: OpenAiScenario): void;
  close(): Promise<void>;
}

/** What vLLM says when `tools` reach a model served without a tool parser (llama.cpp says similar without --jinja). */
export const TOOLS_UNSUPPORTED_MESSAGE = '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set';

interface State {
  scenario: OpenAiScenario;
  streamCalls: number;
  sideCalls: number;
  routeCalls: Map<string, number>;
  slots: FakeSlots | null;
  /** Requests answered so far while the scenario's model loads. */
  loadingAnswered: number;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') out[name.toLowerCase()] = value;
    else if (Array.isArray(value)) out[name.toLowerCase()] = value.join(', ');
  }
  return out;
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

function resolve(source: OpenAiReplySource, request: FakeOpenAiChatRequest): OpenAiReply {
  return typeof source === 'function' ? source(request) : source;
}

async function chat(state: State, body: JsonObject | null, response: ServerResponse): Promise<void> {
  if (body === null || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
    return sendOpenAiError(response, 400, 'Invalid request: model and messages are required.');
  }
  const only = state.scenario.anyModelName && state.scenario.models.length === 1 ? state.scenario.models[0] : undefined;
  const model = only ?? state.scenario.models.find((candidate) => candidate.id === body.model);
  if (!model) return sendOpenAiError(response, 404, `The model \`${body.model}\` does not exist.`, { code: 'model_not_found' });
  const tools = objects(body.tools);
  if (tools.length > 0 && !model.tools) return sendOpenAiError(response, 400, TOOLS_UNSUPPORTED_MESSAGE, { type: 'BadRequestError' });
  if (state.scenario.contextTokens !== undefined) {
    if (refuseUncompilableTools(response, body) || refuseOversized(response, body, state.scenario.contextTokens)) return;
  }
  if (state.slots) {
    // llama.cpp holds the headers until a slot is free.
    const release = await state.slots.take();
    response.once('close', release);
  }
  const stream = body.stream === true;
  const streamOptions = isJsonObject(body.stream_options) ? body.stream_options : {};
  const base = {
    model: model.id,
    stream,
    messages: objects(body.messages),
    tools: tools.length > 0 ? tools : null,
    includeUsage: streamOptions.include_usage === true,
  };
  if (!stream) {
    state.sideCalls += 1;
    const request = { ...base, call: state.sideCalls };
    return answerWhole(response, request, resolve(state.scenario.sideReply ?? openAiReply.text('Working on it'), request));
  }
  state.streamCalls += 1;
  const request = { ...base, call: state.streamCalls };
  const source =
    state.scenario.replies[state.streamCalls - 1] ??
    state.scenario.whenExhausted ??
    openAiReply.httpError(500, `fake-openai: scenario "${state.scenario.name}" has no reply for streamed call ${state.streamCalls}`);
  return streamAnswer(response, request, resolve(source, request), state.scenario.delayMs ?? 0, state.scenario.framing ?? 'openai');
}

async function route(state: State, method: string, path: string, body: JsonObject | null, response: ServerResponse): Promise<void> {
  const key = `${method} ${path}`;
  // llama.cpp while it loads the model: every route, /health and /props included, answers this 503.
  if (state.loadingAnswered < (state.scenario.loadingRequests ?? 0)) {
    state.loadingAnswered += 1;
    return serveReplay(response, llamaCppLoadingModel);
  }
  const replayed = state.scenario.routes?.[key];
  if (replayed) {
    const calls = (state.routeCalls.get(key) ?? 0) + 1;
    state.routeCalls.set(key, calls);
    return serveReplay(response, typeof replayed === 'function' ? replayed(calls) : replayed);
  }
  switch (`${method} ${path}`) {
    case 'GET /v1/models':
      return sendOpenAiJson(response, 200, {
        object: 'list',
        data: state.scenario.models.map((model) => ({
          id: model.id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: model.ownedBy ?? 'fake',
        })),
      });
    case 'POST /v1/chat/completions':
      return chat(state, body, response);
    case 'POST /v1/chat/completions/input_tokens':
      if (state.scenario.contextTokens !== undefined) return answerInputTokens(response, body);
      return sendOpenAiError(response, 404, `Unknown path ${method} ${path}`, { code: 'unknown_url' });
    case 'GET /slots':
      if (state.slots) return state.slots.serve(response);
      return sendOpenAiError(response, 404, `Unknown path ${method} ${path}`, { code: 'unknown_url' });
    default:
      return sendOpenAiError(response, 404, `Unknown path ${method} ${path}`, { code: 'unknown_url' });
  }
}

/** Starts a scripted OpenAI-compatible server (vLLM / llama-server / LM Studio shaped) on 127.0.0.1. */
export async function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  const slotsOf = (scenario: OpenAiScenario): FakeSlots | null => (scenario.slots ? createFakeSlots(scenario.slots) : null);
  const state: State = {
    scenario: options.scenario,
    streamCalls: 0,
    sideCalls: 0,
    routeCalls: new Map(),
    slots: slotsOf(options.scenario),
    loadingAnswered: 0,
  };
  const requests: RecordedOpenAiRequest[] = [];
  const required = options.requireHeader;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const headers = headersOf(request);
    const body = parseJsonObject(await readBody(request));
    requests.push({ method, path, headers, body });
    if (required && headers[required.name.toLowerCase()] !== required.value) {
      return sendOpenAiError(response, 401, 'Incorrect API key provided.', { code: 'invalid_api_key' });
    }
    await route(state, method, path, body, response);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else sendOpenAiError(response, 500, `fake-openai: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      done();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    occupySlot() {
      if (!state.slots) throw new Error('fake-openai: the scenario has no slots');
      return state.slots.occupy();
    },
    setScenario(scenario) {
      state.scenario = scenario;
      state.slots = slotsOf(scenario);
      state.streamCalls = 0;
      state.sideCalls = 0;
      state.routeCalls.clear();
      state.loadingAnswered = 0;
    },
    close() {
      return new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
