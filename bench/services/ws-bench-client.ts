/**
 * A WebSocket client of the web host for the benchmark: calls, and per-conversation marks of the
 * events that come back. Questions are answered at once ("go on"), as a user who is there would,
 * unless the caller answers them itself (`answerQuestions: false`).
 */
import WebSocket from 'ws';
import type { TacoEvent } from '../../shared/contract/events';
import { WS_PATH, type WsServerMessage } from '../../shared/contract/transport';

export interface WsBenchClient {
  call<T>(name: string, request: unknown): Promise<T>;
  /** Resolves with performance.now() when the conversation's run-finish arrives (at once if it has). */
  finished(conversationId: string): Promise<{ at: number; reason: string }>;
  /** Sees every event batch (all conversations: the host sends every client everything) with performance.now() on arrival. */
  onEvents(listener: EventListener): () => void;
  close(): void;
}

export type EventListener = (events: readonly TacoEvent[], at: number) => void;

export async function connectBenchClient(hostUrl: string, options: { answerQuestions?: boolean } = {}): Promise<WsBenchClient> {
  const answerQuestions = options.answerQuestions ?? true;
  const listeners = new Set<EventListener>();
  const url = new URL(hostUrl);
  const socket = new WebSocket(`ws://${url.host}${WS_PATH}?token=${url.searchParams.get('token') ?? ''}`, {
    headers: { origin: url.origin },
  });
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
  const pending = new Map<number, (envelope: { ok: boolean; value?: unknown; error?: { message: string } }) => void>();
  const finishes = new Map<string, { at: number; reason: string }>();
  const waiters = new Map<string, (finish: { at: number; reason: string }) => void>();
  let nextId = 1;
  const call = <T>(name: string, request: unknown): Promise<T> =>
    new Promise<T>((done, fail) => {
      const id = nextId++;
      pending.set(id, (envelope) => {
        pending.delete(id);
        if (envelope.ok) done(envelope.value as T);
        else fail(new Error(`${name}: ${envelope.error?.message ?? 'failed'}`));
      });
      socket.send(JSON.stringify({ kind: 'call', id, name, request }));
    });
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as WsServerMessage;
    if (message.kind === 'result') {
      pending.get(message.id)?.(message.envelope as { ok: boolean });
      return;
    }
    if (message.name !== 'taco-events') return;
    const at = performance.now();
    const events = message.payload as TacoEvent[];
    for (const listener of listeners) listener(events, at);
    for (const event of events) {
      if (event.type === 'question' && answerQuestions) void call('question.answer', { questionId: event.questionId, answer: 'go on' });
      if (event.type !== 'run-finish') continue;
      const finish = { at, reason: event.reason };
      const waiter = waiters.get(event.conversationId);
      if (waiter) {
        waiters.delete(event.conversationId);
        waiter(finish);
      } else finishes.set(event.conversationId, finish);
    }
  });
  return {
    call,
    finished: (conversationId) =>
      new Promise((done) => {
        const known = finishes.get(conversationId);
        if (known) {
          finishes.delete(conversationId);
          done(known);
        } else waiters.set(conversationId, done);
      }),
    onEvents: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => socket.close(),
  };
}
