import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerReply, streamReply } from './chat-responder';
import { checkChatRequest } from './chat-request';
import { parseJsonObject, readBody, sendError, sendJson, sendText } from './http-utils';
import { handleEmbed } from './embed-endpoint';
import { handleDelete, handlePull, sendPs, sendShow, sendTags } from './model-endpoints';
import { createPromptCache, type PromptCache } from './prompt-cache';
import { reply } from './reply-builders';
import type { FakeChatRequest, FakeModel, RecordedRequest, Reply, ReplySource, Scenario } from './scenario-types';
import { findScenario } from './scenarios/index';

export interface FakeOllamaOptions {
  scenario: Scenario | string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Every request must carry this header with this value, else 401 (a reverse proxy with a token). */
  requireHeader?: { name: string; value: string };
  /** Paths a proxy refuses with this status (e.g. 403 for /api/pull, /api/delete): model admin is forbidden. */
  forbid?: { paths: string[]; status: number };
  /** Report prompt_eval_count, prompt_eval_duration and load_duration as Ollama does, with its prompt cache and reloads (prompt-cache.ts). */
  promptCache?: boolean;
}

export interface FakeOllama {
  /** e.g. http://127.0.0.1:43127 */
  url: string;
  port: number;
  /** Every request received, oldest first. Clear with `requests.length = 0`. */
  requests: RecordedRequest[];
  /** Switch script: resets the model list and the call counters. */
  setScenario(scenario: Scenario | string): void;
  close(): Promise<void>;
}

/** Words a summary title leaves out (a model's title is not the message's first words). */
const FILLER_WORDS = new Set(
  'a an and about are can could do for hello hi how i in is it me my of on please the there to what with would you'.split(' '),
);

/**
 * Side requests no scenario rule answers: a title request gets a short summary of the user's words
 * (their content words, as a model would name it: "Please read my notes" → "Read notes"), anything
 * else a short fixed sentence.
 */
const DEFAULT_SIDE_REPLY = (request: FakeChatRequest): Reply => {
  const prompt = request.messages.map((message) => message.content).join('\n');
  const asked = /^User: (.+)$/m.exec(prompt)?.[1];
  if (prompt.includes('Write a short title') && asked) {
    const words = asked
      .replace(/[^\p{L}\p{N}\s]/gu, '')
      .split(/\s+/)
      .filter((word) => word !== '' && !FILLER_WORDS.has(word.toLowerCase()))
      .slice(0, 4);
    const title = words.join(' ');
    return reply.text(title ? `${title.charAt(0).toUpperCase()}${title.slice(1)}` : 'Greeting');
  }
  return reply.text('Working on it');
};

interface ServerState {
  scenario: Scenario;
  models: FakeModel[];
  chatCalls: number;
  sideCalls: number;
  /** The model slots' prompt cache, kept across scenarios (null: fixed figures). */
  promptCache: PromptCache | null;
}

function freshState(scenario: Scenario | string, promptCache: PromptCache | null = null): ServerState {
  const resolved = typeof scenario === 'string' ? findScenario(scenario) : scenario;
  const models = resolved.models.map((model) => ({ ...model, capabilities: [...model.capabilities] }));
  return { scenario: resolved, models, chatCalls: 0, sideCalls: 0, promptCache };
}

function resolveReply(source: ReplySource, request: FakeChatRequest): Reply {
  return typeof source === 'function' ? source(request) : source;
}

function pickReply(state: ServerState, request: Omit<FakeChatRequest, 'call'>): { reply: Reply; request: FakeChatRequest } {
  const { scenario } = state;
  if (!request.stream) {
    state.sideCalls += 1;
    const sideRequest = { ...request, call: state.sideCalls };
    const rule = scenario.sideRules?.find((candidate) => candidate.when(sideRequest));
    return { reply: resolveReply(rule?.reply ?? scenario.sideDefault ?? DEFAULT_SIDE_REPLY, sideRequest), request: sideRequest };
  }
  state.chatCalls += 1;
  const chatRequest = { ...request, call: state.chatCalls };
  const scripted = scenario.replies[state.chatCalls - 1];
  const source =
    scripted ??
    scenario.whenExhausted ??
    reply.httpError(
      500,
      `fake-ollama: scenario "${scenario.name}" has no reply for chat call ${state.chatCalls} (it scripts ${scenario.replies.length})`,
    );
  return { reply: resolveReply(source, chatRequest), request: chatRequest };
}

async function route(
  state: ServerState,
  method: string,
  path: string,
  body: RecordedRequest['body'],
  response: ServerResponse,
): Promise<void> {
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /':
    case 'HEAD /':
      return sendText(response, 200, 'Ollama is running');
    case 'GET /api/version':
      return sendJson(response, 200, { version: state.scenario.version ?? '0.12.0' });
    case 'GET /api/tags':
      return sendTags(response, state.models);
    case 'GET /api/ps':
      return sendPs(response, state.models);
    case 'POST /api/show':
      return sendShow(response, body, state.models);
    case 'DELETE /api/delete':
      return handleDelete(response, body, state.models);
    case 'POST /api/pull':
      return handlePull(response, body, state.models, state.scenario.pull ?? {});
    case 'POST /api/embed':
      return handleEmbed(response, body, state.models, state.scenario.embed ?? {});
    case 'POST /api/chat': {
      const check = checkChatRequest(body, state.models);
      if (check.type === 'error') return sendError(response, check.status, check.message);
      if (check.request.messages.length === 0) {
        // Ollama loads the model and answers at once when there is nothing to say.
        return sendJson(response, 200, {
          model: check.request.model,
          created_at: new Date().toISOString(),
          message: { role: 'assistant', content: '' },
          done_reason: 'load',
          done: true,
        });
      }
      const picked = pickReply(state, check.request);
      if (state.promptCache) picked.request.evaluated = state.promptCache.evaluate(picked.request);
      return picked.request.stream
        ? streamReply(response, picked.request, picked.reply)
        : answerReply(response, picked.request, picked.reply);
    }
    default:
      return sendText(response, 404, '404 page not found');
  }
}

/** Starts a scripted Ollama on 127.0.0.1 that speaks the real HTTP protocol. */
export async function startFakeOllama(options: FakeOllamaOptions): Promise<FakeOllama> {
  const promptCache = options.promptCache ? createPromptCache() : null;
  let state = freshState(options.scenario, promptCache);
  const requests: RecordedRequest[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = parseJsonObject(await readBody(request));
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name.toLowerCase(), value]] : [])),
    );
    requests.push({ method, path, body, headers });
    const required = options.requireHeader;
    if (required && headers[required.name.toLowerCase()] !== required.value) return sendError(response, 401, 'unauthorized');
    if (options.forbid?.paths.includes(path)) return sendError(response, options.forbid.status, 'forbidden by the proxy');
    await route(state, method, path, body, response);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else sendError(response, 500, `fake-ollama: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setScenario(scenario) {
      state = freshState(scenario, promptCache);
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
