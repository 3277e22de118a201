import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type { WsClientMessage } from '../../../shared/contract/transport';
import { DEFAULTS } from '../../../shared/constants';
import { TacoCallError } from './taco-call-error';
import type { ConnectionState } from './taco-client';
import { createWsClient, type WebSocketLike } from './ws-client';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: WsClientMessage[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as WsClientMessage);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

let sockets: FakeSocket[];
const latest = () => {
  const socket = sockets[sockets.length - 1];
  if (!socket) throw new Error('no socket');
  return socket;
};

function makeClient() {
  return createWsClient({
    url: 'ws://127.0.0.1:5000/ws?token=t',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    reconnectInitialMs: 100,
    reconnectMaxMs: 400,
  });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createWsClient', () => {
  it('queues calls until the socket opens, then correlates results by id', async () => {
    const client = makeClient();
    const models = client.call('models.list', {});
    const settings = client.call('settings.get', {});
    expect(latest().sent).toEqual([]);
    latest().open();
    const [first, second] = latest().sent;
    expect(first).toMatchObject({ kind: 'call', name: 'models.list', request: {} });
    expect(second).toMatchObject({ kind: 'call', name: 'settings.get' });
    latest().receive({ kind: 'result', id: second?.id, envelope: { ok: true, value: { theme: 'dark' } } });
    latest().receive({ kind: 'result', id: first?.id, envelope: { ok: true, value: { type: 'unreachable', host: 'h', message: 'm' } } });
    await expect(models).resolves.toEqual({ type: 'unreachable', host: 'h', message: 'm' });
    await expect(settings).resolves.toEqual({ theme: 'dark' });
  });

  it('rejects with a TacoCallError carrying main’s code and message', async () => {
    const client = makeClient();
    latest().open();
    const sent = client.call('settings.set', { ollamaHost: 'nope' });
    const id = latest().sent[0]?.id;
    latest().receive({
      kind: 'result',
      id,
      envelope: { ok: false, error: { code: 'invalid-payload', message: 'settings.set: "ollamaHost" must be a URL' } },
    });
    const error = await sent.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TacoCallError);
    expect(error).toMatchObject({ code: 'invalid-payload', message: 'settings.set: "ollamaHost" must be a URL' });
  });

  it('refuses in words a call larger than the web host accepts, instead of losing the connection', async () => {
    const client = makeClient();
    latest().open();
    const huge = client.call('conversations.import', { content: 'é'.repeat(DEFAULTS.webHost.maxFrameBytes / 2) });
    await expect(huge).rejects.toMatchObject({
      code: 'invalid-payload',
      message: expect.stringMatching(/too large to send to TACO in the browser/),
    });
    expect(latest().sent).toEqual([]);
    expect(latest().closedWith).toBeNull();
  });

  it('delivers event batches to subscribers until they unsubscribe, and ignores junk frames', () => {
    const client = makeClient();
    latest().open();
    const batches: TacoEvent[][] = [];
    const unsubscribe = client.subscribe('taco-events', (events) => batches.push(events));
    const batch: TacoEvent[] = [{ type: 'text-delta', conversationId: 'c', runId: 'r', text: 'hi' }];
    latest().receive('not json');
    latest().receive({ kind: 'event', name: 'other', payload: [] });
    latest().receive({ kind: 'event', name: 'taco-events', payload: 'not a list' });
    latest().receive({ kind: 'result', id: 999, envelope: { ok: true, value: 1 } });
    latest().receive({ kind: 'event', name: 'taco-events', payload: batch });
    unsubscribe();
    latest().receive({ kind: 'event', name: 'taco-events', payload: batch });
    expect(batches).toEqual([batch]);
  });

  it('rejects pending calls with a clear message when the socket drops, then reconnects with backoff', async () => {
    const client = makeClient();
    const states: ConnectionState[] = [];
    client.onConnectionChange((state) => states.push(state));
    latest().open();
    const pending = client.call('chat.send', { conversationId: null, text: 'hi', model: 'm' });
    latest().drop();
    await expect(pending).rejects.toMatchObject({ code: 'disconnected', message: expect.stringContaining('dropped before "chat.send"') });
    expect(states.at(-1)).toMatchObject({ type: 'reconnecting', retryInMs: 100 });
    expect(sockets).toHaveLength(1);

    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
    latest().drop();
    expect(states.at(-1)).toMatchObject({ type: 'reconnecting', attempt: 2, retryInMs: 200 });
    vi.advanceTimersByTime(200);
    latest().drop();
    vi.advanceTimersByTime(400);
    latest().drop();
    expect(states.at(-1)).toMatchObject({ retryInMs: 400 });
    vi.advanceTimersByTime(400);
    latest().open();
    expect(states.at(-1)).toEqual({ type: 'open' });
    const again = client.call('run.cancel', { runId: 'r1' });
    latest().receive({ kind: 'result', id: latest().sent[0]?.id, envelope: { ok: true, value: { cancelled: true } } });
    await expect(again).resolves.toEqual({ cancelled: true });
  });

  it('rejects calls queued during a failed connection attempt instead of hanging', async () => {
    const client = makeClient();
    const queued = client.call('models.list', {});
    latest().drop();
    await expect(queued).rejects.toMatchObject({ code: 'disconnected', message: expect.stringContaining('npm run web') });
  });

  it('stops reconnecting when the host refuses the token, and says what to do', async () => {
    const client = makeClient();
    latest().drop(1008);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(client.connection()).toMatchObject({ type: 'unavailable', message: expect.stringContaining('?token=') });
    await expect(client.call('models.list', {})).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('treats a malformed result as an error, not a value', async () => {
    const client = makeClient();
    latest().open();
    const call = client.call('tools.list', {});
    latest().receive({ kind: 'result', id: latest().sent[0]?.id, envelope: 'garbage' });
    await expect(call).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining('unexpected') });
  });

  it('close() rejects what is pending and never reconnects', async () => {
    const client = makeClient();
    latest().open();
    const pending = client.call('models.list', {});
    client.close();
    await expect(pending).rejects.toBeInstanceOf(TacoCallError);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    await expect(client.call('models.list', {})).rejects.toMatchObject({ message: expect.stringContaining('Reload') });
  });
});
