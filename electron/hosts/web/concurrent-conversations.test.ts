import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ConversationSnapshot } from '../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../shared/contract/events';
import { WS_PATH, type WsServerMessage } from '../../../shared/contract/transport';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import {
  concurrentTasks,
  concurrentTaskText,
  CONCURRENT_TOOL_ROUNDS,
  taskNumberOf,
} from '../../../test-support/fake-ollama/scenarios/tools/concurrent-tasks';
import { createAppServices, type AppServices } from '../../services/app/app-services';
import { startWebHost, type WebHost } from './web-host';

/**
 * Eight conversations at once through the web host, each asking the user a question, then
 * calculating and streaming text. The question is a barrier: every run is paused on it before
 * any is answered, so all eight really run at the same time. Nothing is timed: the test checks
 * that no event is lost, that each conversation's events arrive and are stored in order, and
 * that nothing of one conversation ends up in another.
 */
const CONVERSATIONS = 8;

let fake: FakeOllama;
let services: AppServices;
let host: WebHost;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'taco-concurrent-'));
  const staticDir = join(root, 'dist');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TACO</title>');
  fake = await startFakeOllama({ scenario: concurrentTasks });
  services = await createAppServices({ dataDir: join(root, 'data'), ollamaHost: fake.url, openExternal: async () => undefined });
  host = await startWebHost({ dataDir: join(root, 'data'), staticDir, services });
});

afterAll(async () => {
  await host.close();
  await services.dispose();
  await fake.close();
  rmSync(root, { recursive: true, force: true });
});

interface Client {
  call<T>(name: string, request: unknown): Promise<T>;
  events: TacoEvent[];
  /** Resolves once `condition` holds for the events received so far. */
  until(condition: (events: TacoEvent[]) => boolean): Promise<void>;
  close(): void;
}

async function connect(): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}${WS_PATH}?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
  const events: TacoEvent[] = [];
  const pending = new Map<number, (message: Extract<WsServerMessage, { kind: 'result' }>) => void>();
  const waiters: Array<{ condition: (events: TacoEvent[]) => boolean; done: () => void }> = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as WsServerMessage;
    if (message.kind === 'result') pending.get(message.id)?.(message);
    else if (message.name === 'taco-events') {
      events.push(...(message.payload as TacoEvent[]));
      for (const waiter of [...waiters]) {
        if (!waiter.condition(events)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
    }
  });
  let nextId = 1;
  return {
    events,
    call: <T>(name: string, request: unknown) =>
      new Promise<T>((done, fail) => {
        const id = nextId++;
        pending.set(id, (message) => {
          pending.delete(id);
          const envelope = message.envelope as { ok: boolean; value?: unknown; error?: { message: string } };
          if (envelope.ok) done(envelope.value as T);
          else fail(new Error(`${name}: ${envelope.error?.message ?? 'failed'}`));
        });
        socket.send(JSON.stringify({ kind: 'call', id, name, request }));
      }),
    until: (condition) =>
      new Promise<void>((done) => {
        if (condition(events)) done();
        else waiters.push({ condition, done });
      }),
    close: () => socket.close(),
  };
}

const ofType = <T extends TacoEvent['type']>(events: TacoEvent[], type: T): Array<Extract<TacoEvent, { type: T }>> =>
  events.filter((event): event is Extract<TacoEvent, { type: T }> => event.type === type);
const conversationOf = (event: TacoEvent): string | null => ('conversationId' in event ? (event.conversationId ?? null) : null);
/** What identifies an event for the order check (deltas are compared by their text). */
const signature = (event: TacoEvent): string => {
  switch (event.type) {
    case 'text-delta':
    case 'thinking-delta':
      return `${event.type}:${event.text}`;
    case 'tool-call':
      return `tool-call:${event.tool}:${JSON.stringify(event.args)}`;
    default:
      return event.type;
  }
};
/** Events that a stored timeline keeps as they were sent (status sentences and stack snapshots are live-only or derived). */
const STORED_TYPES = new Set([
  'user-message',
  'run-start',
  'text-delta',
  'tool-call',
  'tool-result',
  'question',
  'question-answered',
  'run-finish',
]);
const joinDeltas = (events: TacoEvent[]): string =>
  ofType(events, 'text-delta')
    .map((event) => event.text)
    .join('');

describe('eight conversations at once through the web host', () => {
  it('lose no event, keep each conversation in order, on the wire and on disk, and mix nothing', async () => {
    const client = await connect();
    const numbers = Array.from({ length: CONVERSATIONS }, (_, index) => index + 1);
    const sent = await Promise.all(
      numbers.map((n) =>
        client.call<{ type: string; conversationId: string }>('chat.send', {
          conversationId: null,
          text: `calculate task ${n}`,
          model: 'qwen3:4b',
        }),
      ),
    );
    expect(sent.map((result) => result.type)).toEqual(numbers.map(() => 'run'));
    const conversationIds = sent.map((result) => result.conversationId);
    expect(new Set(conversationIds).size).toBe(CONVERSATIONS);

    // The barrier: every run waits on its question before any is answered.
    await client.until((events) => ofType(events, 'question').length === CONVERSATIONS);
    expect(ofType(client.events, 'run-finish')).toEqual([]);
    await Promise.all(
      ofType(client.events, 'question').map((q) => client.call('question.answer', { questionId: q.questionId, answer: 'go on' })),
    );
    await client.until((events) => ofType(events, 'run-finish').length === CONVERSATIONS);

    for (const [index, conversationId] of conversationIds.entries()) {
      const n = numbers[index] ?? 0;
      const live = client.events.filter((event) => conversationOf(event) === conversationId);
      expect(live[0]?.type).toBe('user-message');
      expect(ofType(live, 'run-start')).toHaveLength(1);
      // Its title may be named after the run (conversation-updated); the run's own events end with run-finish.
      expect(live.filter((event) => event.type !== 'conversation-updated').at(-1)).toMatchObject({
        type: 'run-finish',
        reason: 'complete',
      });
      // Nothing of another conversation: every text, call and result names this one's number.
      const text = joinDeltas(live);
      expect(text).toBe(concurrentTaskText(n));
      const calls = ofType(live, 'tool-call').filter((call) => call.tool === 'calculate');
      expect(calls.map((call) => call.args)).toEqual(
        Array.from({ length: CONCURRENT_TOOL_ROUNDS }, (_, round) => ({ expression: `${n} * ${round + 1}` })),
      );
      expect(ofType(live, 'tool-result').filter((result) => result.tool === 'calculate')).toHaveLength(CONCURRENT_TOOL_ROUNDS);
      expect(live.filter((event) => event.type === 'question').map((q) => taskNumberOf((q as { question: string }).question))).toEqual([n]);

      // On disk: the same events, in the same order.
      const stored = await client.call<ConversationSnapshot>('conversation.get', { conversationId });
      const storedSignatures = stored.events.filter((event) => STORED_TYPES.has(event.type)).map(signature);
      const liveSignatures = live.filter((event) => STORED_TYPES.has(event.type)).map(signature);
      expect(joinDeltas(stored.events)).toBe(text);
      expect(storedSignatures.filter((s) => !s.startsWith('text-delta'))).toEqual(
        liveSignatures.filter((s) => !s.startsWith('text-delta')),
      );
    }
    client.close();
  });
});
