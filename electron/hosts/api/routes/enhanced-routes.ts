import type { SendResult } from '../../../../shared/contract/contract';
import type { ContractErrorShape } from '../../../../shared/contract/contract-error';
import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { AppServices } from '../../../services/app/app-services-types';
import { parseEnhancedRequest } from '../../../services/gateway/enhanced-request';
import { GatewayError } from '../../../services/gateway/openai-error';
import {
  addUsage,
  chunksForEvent,
  finishReasonOf,
  newTacoChunkState,
  runFailure,
  tacoChunk,
  usageChunk,
  type RunUsage,
} from '../../../services/gateway/taco-chunks';
import type { ApiAnswer, ApiRequest, ExtraRoute } from '../api-server';
import type { ApiApprovals } from './api-approvals';
import { createRunEventQueue } from './run-event-queue';
import { RUN_ANSWER_PATHS } from './run-answer-paths';
import type { RouteContext } from './route-context';

/**
 * TACO's own endpoints (seed agent-mode, Decision 4: the enhanced side), behind the same key:
 * - `POST /v1/taco/chat/completions` runs the agent loop — TACO's system prompt, tools, limits
 *   and approvals — as `chat.send` does for the window, so the run is a stored conversation, its
 *   approvals and questions show in TACO's window, and the stream carries them as `taco` events;
 * - `POST /v1/taco/approvals/{id}`, `/v1/taco/questions/{id}`, `/v1/taco/runs/{id}/depth` and
 *   `/v1/taco/runs/{id}/cancel` answer them from the client (main checks each answer as it checks
 *   the window's). Approvals only while the user allows it (`ApiApprovals`): else 403, and the
 *   call waits for the window (headless: is refused).
 */
export function enhancedRoutes(services: AppServices, context: RouteContext): readonly ExtraRoute[] {
  return [(request) => chatRoute(services, request), (request) => answerRoute(services, context.approvals, request)];
}

const STATUS: Record<ContractErrorShape['code'], number> = {
  'invalid-payload': 400,
  'unknown-call': 404,
  'not-found': 404,
  busy: 409,
  forbidden: 403,
  internal: 500,
};

async function call<T>(services: AppServices, name: string, request: unknown): Promise<T> {
  const envelope = await services.handle(name, request);
  if (!envelope.ok) throw new GatewayError(STATUS[envelope.error.code], envelope.error.message, envelope.error.code);
  return envelope.value as T;
}

async function chatRoute(services: AppServices, request: ApiRequest): Promise<ApiAnswer | null> {
  if (request.method !== 'POST' || request.path !== '/v1/taco/chat/completions') return null;
  const turn = parseEnhancedRequest(request.body);
  const queue = createRunEventQueue(services);
  let sent: SendResult;
  try {
    const conversationId =
      turn.conversationId ??
      (turn.presetId
        ? (await call<ConversationSummary>(services, 'conversation.createFromPreset', { presetId: turn.presetId, model: turn.model }))
            .conversationId
        : null);
    sent = await call<SendResult>(services, 'chat.send', {
      conversationId,
      text: turn.text,
      model: turn.model,
      ...(turn.images.length > 0 ? { images: turn.images } : {}),
    });
  } catch (error) {
    queue.close();
    throw error;
  }
  const state = newTacoChunkState(turn.model);
  // A command sent without a conversation stores none: the answer then names no conversation.
  const ids = {
    ...(sent.conversationId !== null ? { conversation_id: sent.conversationId } : {}),
    ...(sent.type === 'run' ? { run_id: sent.runId } : {}),
  };
  if (sent.type === 'command') {
    queue.close();
    const chunk = tacoChunk(state, { content: sent.output }, { taco: { type: 'command-output', ...ids } }, 'stop');
    if (turn.stream)
      return {
        type: 'stream',
        chunks: (async function* () {
          yield chunk;
        })(),
      };
    return { type: 'json', body: completion(state, sent.output, 'stop', ids) };
  }
  const runId = sent.runId;
  request.signal.addEventListener('abort', () => void services.handle('run.cancel', { runId }), { once: true });
  const events = queue.follow(runId);
  if (turn.stream) {
    async function* chunks(): AsyncGenerator<unknown, void, undefined> {
      yield tacoChunk(state, {}, { taco: { type: 'run-start', ...ids } });
      const usage: RunUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
      for await (const event of events) {
        addUsage(usage, event);
        yield* chunksForEvent(state, event);
        const failure = event.type === 'run-finish' ? runFailure(event) : null;
        if (failure) throw failure;
      }
      if (turn.includeUsage) yield usageChunk(state, usage);
    }
    return { type: 'stream', chunks: chunks() };
  }
  let text = '';
  let finish = 'stop';
  let finishEvent: unknown = null;
  for await (const event of events) {
    if (event.type === 'text-delta') text += event.text;
    if (event.type === 'run-finish') {
      const failure = runFailure(event);
      if (failure) throw failure;
      finish = finishReasonOf(event.reason);
      finishEvent = event;
    }
  }
  return { type: 'json', body: { ...completion(state, text, finish, ids), taco: { ...ids, finish: finishEvent } } };
}

function completion(state: ReturnType<typeof newTacoChunkState>, text: string, finish: string, ids: Record<string, string>) {
  return {
    id: state.id,
    object: 'chat.completion',
    created: state.created,
    model: state.model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
    taco: ids,
  };
}

const ANSWERS: ReadonlyArray<{ pattern: RegExp; call: string; build(id: string, body: Record<string, unknown>): unknown }> = [
  { pattern: RUN_ANSWER_PATHS.approval, call: 'approval.respond', build: (id, body) => ({ approvalId: id, decision: body.decision }) },
  { pattern: RUN_ANSWER_PATHS.question, call: 'question.answer', build: (id, body) => ({ questionId: id, answer: body.answer }) },
  { pattern: RUN_ANSWER_PATHS.depth, call: 'depth.respond', build: (id, body) => ({ runId: id, decision: body.decision }) },
  { pattern: RUN_ANSWER_PATHS.cancel, call: 'run.cancel', build: (id) => ({ runId: id }) },
];

async function answerRoute(services: AppServices, approvals: ApiApprovals, request: ApiRequest): Promise<ApiAnswer | null> {
  if (request.method !== 'POST') return null;
  for (const answer of ANSWERS) {
    const match = answer.pattern.exec(request.path);
    if (!match?.[1]) continue;
    if (answer.call === 'approval.respond' && !approvals.allowed()) throw new GatewayError(403, approvals.offMessage, 'approvals_off');
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    return { type: 'json', body: await call<unknown>(services, answer.call, answer.build(decodeURIComponent(match[1]), body)) };
  }
  return null;
}
