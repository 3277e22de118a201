import type { ServerResponse } from 'node:http';
import type { JsonObject } from '../../shared/contract/json';
import { ResponseGuard, sendError, sendJson } from './http-utils';
import { serveReplay } from '../replays/replay-types';
import type { FakeChatRequest, Reply, ReplyChunk, ReplyCounts } from './scenario-types';

/** Lines are batched into writes of about this many characters when there is no delay. */
const BATCH_CHARS = 64 * 1024;

/** Deterministic numbers for the `done` chunk; a reply's counts override them. */
export function finalCounts(
  request: FakeChatRequest,
  chunks: ReplyChunk[],
  counts: ReplyCounts,
): Required<ReplyCounts> & { promptEvalCount: number } {
  const promptChars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
  const numCtx = request.options['num_ctx'];
  const promptEvalCount =
    counts.promptEvalCount === 'num_ctx'
      ? typeof numCtx === 'number'
        ? numCtx
        : 2048
      : (counts.promptEvalCount ?? request.evaluated?.promptEvalCount ?? Math.max(1, Math.ceil(promptChars / 4)));
  const evalCount = counts.evalCount ?? chunks.length;
  const promptEvalDurationNs = counts.promptEvalDurationNs ?? request.evaluated?.promptEvalDurationNs ?? promptEvalCount * 1_000_000;
  const evalDurationNs = counts.evalDurationNs ?? evalCount * 20_000_000;
  const loadDurationNs = counts.loadDurationNs ?? request.evaluated?.loadDurationNs ?? 1_000_000;
  const totalDurationNs = counts.totalDurationNs ?? promptEvalDurationNs + evalDurationNs + loadDurationNs;
  return { promptEvalCount, promptEvalDurationNs, evalCount, evalDurationNs, loadDurationNs, totalDurationNs };
}

/**
 * A call as real Ollama sends it: an id "call_" + 8 of [a-z0-9] (server/routes.go toolCallId) and
 * function.index (api/types.go ToolCallFunction), numbered here so runs stay deterministic.
 */
function ollamaToolCall(call: { name: string; arguments: JsonObject }, index: number, serial: number): JsonObject {
  return { id: `call_${String(serial * 100 + index).padStart(8, '0')}`, function: { index, name: call.name, arguments: call.arguments } };
}

function chunkMessage(chunk: ReplyChunk, serial: number): JsonObject {
  switch (chunk.type) {
    case 'content':
      return { role: 'assistant', content: chunk.text };
    case 'thinking':
      return { role: 'assistant', content: '', thinking: chunk.text };
    case 'tool-calls':
      return {
        role: 'assistant',
        content: '',
        tool_calls: chunk.calls.map((call, index) => ollamaToolCall(call, index, serial)),
      };
    default: {
      const unknownChunk: never = chunk;
      return unknownChunk;
    }
  }
}

function doneFields(counts: Required<ReplyCounts>, doneReason: string): JsonObject {
  return {
    done: true,
    done_reason: doneReason,
    total_duration: counts.totalDurationNs,
    load_duration: counts.loadDurationNs,
    prompt_eval_count: counts.promptEvalCount,
    prompt_eval_duration: counts.promptEvalDurationNs,
    eval_count: counts.evalCount,
    eval_duration: counts.evalDurationNs,
  };
}

/** Drops thinking when the client explicitly turned it off, as Ollama does. */
function visibleChunks(request: FakeChatRequest, chunks: ReplyChunk[]): ReplyChunk[] {
  return request.think === false ? chunks.filter((chunk) => chunk.type !== 'thinking') : chunks;
}

/** Streams a reply as NDJSON, one line per chunk, then its ending. */
export async function streamReply(response: ServerResponse, request: FakeChatRequest, reply: Reply): Promise<void> {
  if (reply.type === 'http-error') return sendError(response, reply.status, reply.message);
  if (reply.type === 'replay') return serveReplay(response, reply.replay);
  const guard = new ResponseGuard(response);
  const createdAt = new Date().toISOString();
  const head = `{"model":${JSON.stringify(request.model)},"created_at":"${createdAt}","message":`;
  const chunks = visibleChunks(request, reply.chunks);
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
  let batch = '';
  for (const [index, chunk] of chunks.entries()) {
    if (guard.closed) return;
    const line = `${head}${JSON.stringify(chunkMessage(chunk, request.call))},"done":false}\n`;
    if (reply.delayMs > 0) {
      if (index > 0) await guard.sleep(reply.delayMs);
      await guard.write(line);
      continue;
    }
    batch += line;
    if (batch.length >= BATCH_CHARS) {
      await guard.write(batch);
      batch = '';
    }
  }
  if (batch !== '') await guard.write(batch);
  if (guard.closed) return;
  if (reply.delayMs > 0 && chunks.length > 0) await guard.sleep(reply.delayMs);
  const ending = reply.ending;
  switch (ending.type) {
    case 'done': {
      const counts = finalCounts(request, chunks, ending.counts);
      const final = {
        model: request.model,
        created_at: createdAt,
        message: { role: 'assistant', content: '' },
        ...doneFields(counts, ending.doneReason),
      };
      response.end(`${JSON.stringify(final)}\n`);
      return;
    }
    case 'error-line':
      response.end(`${JSON.stringify({ error: ending.message })}\n`);
      return;
    case 'close':
      // Abrupt: flush what was written, then close the socket mid-body (no chunked terminator).
      if (ending.abrupt) response.socket?.end();
      else response.end();
      return;
    case 'stall':
      await guard.untilClosed();
      return;
    default: {
      const unknownEnding: never = ending;
      return unknownEnding;
    }
  }
}

/** Answers a `stream: false` request with one JSON object holding the whole reply. */
export async function answerReply(response: ServerResponse, request: FakeChatRequest, reply: Reply): Promise<void> {
  if (reply.type === 'http-error') return sendError(response, reply.status, reply.message);
  if (reply.type === 'replay') return serveReplay(response, reply.replay);
  const guard = new ResponseGuard(response);
  const chunks = visibleChunks(request, reply.chunks);
  if (reply.delayMs > 0) await guard.sleep(reply.delayMs * Math.max(1, chunks.length));
  if (guard.closed) return;
  const ending = reply.ending;
  switch (ending.type) {
    case 'done': {
      const message: JsonObject = { role: 'assistant', content: joinText(chunks, 'content') };
      const thinking = joinText(chunks, 'thinking');
      if (thinking !== '') message.thinking = thinking;
      const calls = chunks.flatMap((chunk) => (chunk.type === 'tool-calls' ? chunk.calls : []));
      if (calls.length > 0) message.tool_calls = calls.map((call, index) => ollamaToolCall(call, index, request.call));
      const counts = finalCounts(request, chunks, ending.counts);
      sendJson(response, 200, {
        model: request.model,
        created_at: new Date().toISOString(),
        message,
        ...doneFields(counts, ending.doneReason),
      });
      return;
    }
    case 'error-line':
      return sendError(response, 500, ending.message);
    case 'close':
      if (ending.abrupt) response.socket?.destroy();
      else response.end();
      return;
    case 'stall':
      await guard.untilClosed();
      return;
    default: {
      const unknownEnding: never = ending;
      return unknownEnding;
    }
  }
}

function joinText(chunks: ReplyChunk[], type: 'content' | 'thinking'): string {
  return chunks.map((chunk) => (chunk.type === type ? chunk.text : '')).join('');
}
